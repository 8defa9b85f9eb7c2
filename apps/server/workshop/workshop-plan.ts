import type { TRole } from '@loupe/domain/auth/roles';
import type { TDepartmentIcon } from '@loupe/domain/registry/departments';
import { chance, pick, randomInt, type TRandom } from './random.ts';

/** One person of each role, as the demo and the assistant's seeded workshop sign them up. */
export const STAFF_BY_ROLE: Readonly<Record<TRole, { firstName: string; lastName: string }>> = {
  admin: { firstName: 'Ada', lastName: 'Marchetti' },
  manager: { firstName: 'Margaret', lastName: 'Liu' },
  salesperson: { firstName: 'Rafael', lastName: 'Costa' },
  designer: { firstName: 'Amelia', lastName: 'Hart' },
  operator: { firstName: 'Jonas', lastName: 'Berg' },
  production: { firstName: 'Marco', lastName: 'Bellini' },
  qa: { firstName: 'Elena', lastName: 'Rossi' },
};

/**
 * The demo workshop: its departments and stations, where the four readers hang and which antenna looks at
 * which station, the way orders and repairs travel through the rooms, and how long they stay. Shared by
 * the seed (past history) and the reader simulator (live moves), so both walk the same routes.
 */

export type TStationPlan = {
  readonly name: string;
  readonly jewelerName: string | null;
  readonly specialization: string | null;
};

export type TDepartmentPlan = {
  readonly name: string;
  readonly description: string;
  readonly gradient: string;
  readonly iconName: TDepartmentIcon;
  readonly stations: readonly TStationPlan[];
  /** Minutes a piece usually stays at one of its stations: [shortest, longest]. */
  readonly dwellMinutes: readonly [number, number];
};

type TDepartmentRow = readonly [
  name: string,
  iconName: TDepartmentIcon,
  gradient: string,
  dwellMinutes: readonly [number, number],
];

/** The departments, a row each: name, icon, card gradient, minutes a piece stays [shortest, longest]. */
const DEPARTMENT_ROWS: readonly TDepartmentRow[] = [
  ['Design', 'Gem', 'from-violet-500 to-purple-700', [60, 1440]],
  ['CAD', 'Settings', 'from-sky-500 to-blue-700', [45, 720]],
  ['Casting', 'Hammer', 'from-orange-500 to-red-700', [90, 480]],
  ['Bench', 'Hammer', 'from-amber-500 to-yellow-700', [60, 1200]],
  ['Stone setting', 'Settings', 'from-emerald-500 to-teal-700', [60, 600]],
  ['Polishing', 'Sparkles', 'from-pink-500 to-rose-700', [20, 240]],
  ['QA', 'Gem', 'from-lime-500 to-green-700', [15, 240]],
  ['Outside vendors', 'Settings', 'from-slate-500 to-slate-700', [10, 90]],
];

/** What each department does. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  Design: 'Sketches, client consultations and design sign-off',
  CAD: '3D modelling, renders for approval and castable resin prints',
  Casting: 'Wax trees, investment, burnout and lost-wax casting',
  Bench: 'Clean-up, assembly, soldering, sizing and repairs',
  'Stone setting': 'Prong, bezel, channel and pavé setting',
  Polishing: 'Pre-polish, final polish, ultrasonic and steam cleaning',
  QA: 'Inspection under the loupe, photography and packing',
  'Outside vendors': 'Pieces leaving for and coming back from plating, laser engraving and gem labs',
};

/** The stations, a row each: department, station, the jeweler who works there and what they do best. */
const STATION_ROWS: readonly (readonly [string, string, string, string])[] = [
  ['Design', 'Sketch table', 'Amelia Hart', 'Bridal and engagement design'],
  ['Design', 'Client review', 'Noor Haddad', 'Client consultations'],
  ['CAD', 'CAD workstation', 'Tomás Reyes', 'Matrix and RhinoGold modelling'],
  ['CAD', 'Resin printer', 'Kenji Mori', 'Castable resin printing'],
  ['Casting', 'Wax & investment', 'Dmitri Volkov', 'Spruing and investing'],
  ['Casting', 'Casting machine', 'Grace Mensah', 'Platinum and gold casting'],
  ['Bench', 'Bench 1', 'Marco Bellini', 'Ring fabrication and sizing'],
  ['Bench', 'Bench 2', 'Hannah Okafor', 'Chains, clasps and soldering'],
  ['Bench', 'Bench 3', 'Yuki Tanaka', 'Hand engraving and restoration'],
  ['Stone setting', 'Setting bench', 'Priya Nair', 'Prong and bezel setting'],
  ['Stone setting', 'Microscope station', 'Luca Ferri', 'Pavé and micro-pavé'],
  ['Polishing', 'Polishing lathe', 'Sofia Lindqvist', 'High polish and satin finishes'],
  ['Polishing', 'Ultrasonic & steam', 'Ben Carter', 'Cleaning and rhodium prep'],
  ['QA', 'Inspection', 'Elena Rossi', 'Gemstone grading and quality control'],
  ['QA', 'Photography & packing', 'Sam Whitaker', 'Product photography'],
  ['Outside vendors', 'Dispatch shelf', 'Olivia Grant', 'Vendor logistics'],
  ['Outside vendors', 'Vendor returns', 'Olivia Grant', 'Incoming checks'],
];

/** A department of the plan from its row, its description and its stations' rows. */
function department([name, iconName, gradient, dwellMinutes]: TDepartmentRow): TDepartmentPlan {
  const stations = STATION_ROWS.filter((row) => row[0] === name).map(
    ([, station, jewelerName, specialization]) => ({ name: station, jewelerName, specialization }),
  );
  return { name, description: DESCRIPTIONS[name] ?? '', gradient, iconName, stations, dwellMinutes };
}

export const DEPARTMENTS: readonly TDepartmentPlan[] = DEPARTMENT_ROWS.map(department);

/** "Department/Station": how the plan names a station before it has an id. */
export type TStationKey = string;
export const stationKey = (department: string, station: string): TStationKey => `${department}/${station}`;

export type TAntennaPlan =
  | { readonly antenna: number; readonly station: TStationKey }
  | { readonly antenna: number; readonly tagAssignment: true; readonly label: string };

export type TReaderPlan = {
  readonly id: string;
  readonly name: string;
  readonly kind: 'zebra' | 'impinj';
  /** How the simulator sends this reader's reads. */
  readonly transport: 'mqtt' | 'http';
  readonly hostName: string;
  readonly mac: string;
  readonly antennas: readonly TAntennaPlan[];
};

export const INTAKE_LABEL = 'Intake counter';

/**
 * The safe's antenna: port 5 of the foundry's FX9600 (it has eight), made a station of its own in QA by the
 * demo (`demo-safe-count.ts`), where the simulator puts the pieces for a closing count.
 */
export const DEMO_SAFE = {
  readerId: 'fx9600-foundry',
  antenna: 5,
  department: 'QA',
  station: 'Safe',
} as const;

/**
 * Four readers of four antennas. Bench 3 (hand engraving) and Client review have no antenna: not every
 * station of a real workshop has one, and those stations are reached only by hand.
 */
export const READERS: readonly TReaderPlan[] = [
  {
    id: 'fx9600-front',
    name: 'Zebra FX9600 · Front of house',
    kind: 'zebra',
    transport: 'mqtt',
    hostName: 'FX9600F0A1B2',
    mac: '84:24:8D:F0:A1:B2',
    antennas: [
      { antenna: 1, tagAssignment: true, label: INTAKE_LABEL },
      { antenna: 2, station: 'Design/Sketch table' },
      { antenna: 3, station: 'CAD/CAD workstation' },
      { antenna: 4, station: 'CAD/Resin printer' },
    ],
  },
  {
    id: 'fx9600-foundry',
    name: 'Zebra FX9600 · Foundry & bench',
    kind: 'zebra',
    transport: 'mqtt',
    hostName: 'FX9600F0C3D4',
    mac: '84:24:8D:F0:C3:D4',
    antennas: [
      { antenna: 1, station: 'Casting/Wax & investment' },
      { antenna: 2, station: 'Casting/Casting machine' },
      { antenna: 3, station: 'Bench/Bench 1' },
      { antenna: 4, station: 'Bench/Bench 2' },
    ],
  },
  {
    id: 'r700-setting',
    name: 'Impinj R700 · Setting & polishing',
    kind: 'impinj',
    transport: 'mqtt',
    hostName: 'impinj-14-46-36',
    mac: '00:16:25:14:46:36',
    antennas: [
      { antenna: 1, station: 'Stone setting/Setting bench' },
      { antenna: 2, station: 'Stone setting/Microscope station' },
      { antenna: 3, station: 'Polishing/Polishing lathe' },
      { antenna: 4, station: 'Polishing/Ultrasonic & steam' },
    ],
  },
  {
    id: 'r700-qa',
    name: 'Impinj R700 · QA & dispatch',
    kind: 'impinj',
    transport: 'http',
    hostName: 'impinj-14-52-0a',
    mac: '00:16:25:14:52:0A',
    antennas: [
      { antenna: 1, station: 'QA/Inspection' },
      { antenna: 2, station: 'QA/Photography & packing' },
      { antenna: 3, station: 'Outside vendors/Dispatch shelf' },
      { antenna: 4, station: 'Outside vendors/Vendor returns' },
    ],
  },
];

/** The names an R700's antennas are given in its configuration: the station they look at. */
export function impinjAntennaNames(reader: TReaderPlan): Record<number, string> {
  const names: Record<number, string> = {};
  for (const antenna of reader.antennas) {
    names[antenna.antenna] =
      'station' in antenna ? (antenna.station.split('/')[1] ?? antenna.station) : antenna.label;
  }
  return names;
}

/** Where a station's antenna is: the reader and port that read tags there. */
export function antennaOf(key: TStationKey): { reader: TReaderPlan; antenna: number } | null {
  for (const reader of READERS) {
    for (const plan of reader.antennas) {
      if ('station' in plan && plan.station === key) return { reader, antenna: plan.antenna };
    }
  }
  return null;
}

export function intakeAntenna(): { reader: TReaderPlan; antenna: number } {
  for (const reader of READERS) {
    for (const plan of reader.antennas) {
      if ('tagAssignment' in plan) return { reader, antenna: plan.antenna };
    }
  }
  throw new Error('the plan has no tag-assignment antenna');
}

export const DISPATCH: TStationKey = 'Outside vendors/Dispatch shelf';
export const VENDOR_RETURNS: TStationKey = 'Outside vendors/Vendor returns';
export const PACKING: TStationKey = 'QA/Photography & packing';
const BENCHES: readonly TStationKey[] = ['Bench/Bench 1', 'Bench/Bench 2'];
const SETTERS: readonly TStationKey[] = ['Stone setting/Setting bench', 'Stone setting/Microscope station'];

export type TItemKind = 'order' | 'repair';

/**
 * The next station of a piece after `from` (null: just tagged at intake), or null when it is finished.
 * Custom orders go design → CAD → casting → bench → setting → polishing → (vendor) → QA; repairs start at
 * a bench. QA sends one piece in ten back to a bench. Only stations with an antenna are used.
 */
export function nextStation(
  kind: TItemKind,
  from: TStationKey | null,
  random: TRandom,
  options: { readonly toVendor?: boolean; readonly rework?: boolean } = {},
): TStationKey | null {
  const toVendor = options.toVendor ?? chance(random, 0.15);
  switch (from) {
    case null:
      return kind === 'order' ? 'Design/Sketch table' : pick(random, BENCHES);
    case 'Design/Sketch table':
    case 'Design/Client review':
      return 'CAD/CAD workstation';
    case 'CAD/CAD workstation':
      return 'CAD/Resin printer';
    case 'CAD/Resin printer':
      return 'Casting/Wax & investment';
    case 'Casting/Wax & investment':
      return 'Casting/Casting machine';
    case 'Casting/Casting machine':
      return pick(random, BENCHES);
    case 'Bench/Bench 1':
    case 'Bench/Bench 2':
    case 'Bench/Bench 3':
      return chance(random, kind === 'order' ? 0.7 : 0.4)
        ? pick(random, SETTERS)
        : 'Polishing/Polishing lathe';
    case 'Stone setting/Setting bench':
    case 'Stone setting/Microscope station':
      return 'Polishing/Polishing lathe';
    case 'Polishing/Polishing lathe':
      return 'Polishing/Ultrasonic & steam';
    case 'Polishing/Ultrasonic & steam':
      return toVendor ? DISPATCH : 'QA/Inspection';
    case DISPATCH:
      return VENDOR_RETURNS;
    case VENDOR_RETURNS:
      return 'QA/Inspection';
    case 'QA/Inspection':
      return (options.rework ?? chance(random, 0.1)) ? pick(random, BENCHES) : 'QA/Photography & packing';
    case 'QA/Photography & packing':
      return null;
    default:
      return null;
  }
}

/** The whole way of a piece from intake to packing; QA sends it back to a bench at most once. */
export function plannedRoute(
  kind: TItemKind,
  random: TRandom,
  options: { readonly toVendor?: boolean } = {},
): TStationKey[] {
  const toVendor = options.toVendor ?? chance(random, 0.15);
  const route: TStationKey[] = [];
  let at = nextStation(kind, null, random, { toVendor });
  while (at !== null && route.length < 40) {
    route.push(at);
    const inspected = route.filter((key) => key === 'QA/Inspection').length;
    at = nextStation(kind, at, random, { toVendor, ...(inspected > 1 ? { rework: false } : {}) });
  }
  return route;
}

/** Minutes a piece stays at `key` before it moves on. The vendor trip (dispatch → returns) takes days. */
export function dwellMinutes(key: TStationKey, random: TRandom): number {
  if (key === DISPATCH) return randomInt(random, 24 * 60, 3 * 24 * 60);
  const department = DEPARTMENTS.find((plan) => key.startsWith(`${plan.name}/`));
  const [shortest, longest] = department?.dwellMinutes ?? [30, 240];
  return randomInt(random, shortest, longest);
}
