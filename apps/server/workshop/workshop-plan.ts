import type { TRole } from '@loupe/domain/auth/roles';
import { ORDER_STATUS_TRANSITIONS, type TOrderStatus } from '@loupe/domain/orders/order';
import type { TDepartmentIcon } from '@loupe/domain/registry/departments';
import {
  REPAIR_STATUS_TRANSITIONS,
  type TRepairStatus,
  type TRepairType,
} from '@loupe/domain/repairs/repair';
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

export const DEPARTMENTS: readonly TDepartmentPlan[] = [
  {
    name: 'Design',
    description: 'Sketches, client consultations and design sign-off',
    gradient: 'from-violet-500 to-purple-700',
    iconName: 'Gem',
    dwellMinutes: [60, 1440],
    stations: [
      { name: 'Sketch table', jewelerName: 'Amelia Hart', specialization: 'Bridal and engagement design' },
      { name: 'Client review', jewelerName: 'Noor Haddad', specialization: 'Client consultations' },
    ],
  },
  {
    name: 'CAD',
    description: '3D modelling, renders for approval and castable resin prints',
    gradient: 'from-sky-500 to-blue-700',
    iconName: 'Settings',
    dwellMinutes: [45, 720],
    stations: [
      {
        name: 'CAD workstation',
        jewelerName: 'Tomás Reyes',
        specialization: 'Matrix and RhinoGold modelling',
      },
      { name: 'Resin printer', jewelerName: 'Kenji Mori', specialization: 'Castable resin printing' },
    ],
  },
  {
    name: 'Casting',
    description: 'Wax trees, investment, burnout and lost-wax casting',
    gradient: 'from-orange-500 to-red-700',
    iconName: 'Hammer',
    dwellMinutes: [90, 480],
    stations: [
      { name: 'Wax & investment', jewelerName: 'Dmitri Volkov', specialization: 'Spruing and investing' },
      { name: 'Casting machine', jewelerName: 'Grace Mensah', specialization: 'Platinum and gold casting' },
    ],
  },
  {
    name: 'Bench',
    description: 'Clean-up, assembly, soldering, sizing and repairs',
    gradient: 'from-amber-500 to-yellow-700',
    iconName: 'Hammer',
    dwellMinutes: [60, 1200],
    stations: [
      { name: 'Bench 1', jewelerName: 'Marco Bellini', specialization: 'Ring fabrication and sizing' },
      { name: 'Bench 2', jewelerName: 'Hannah Okafor', specialization: 'Chains, clasps and soldering' },
      { name: 'Bench 3', jewelerName: 'Yuki Tanaka', specialization: 'Hand engraving and restoration' },
    ],
  },
  {
    name: 'Stone setting',
    description: 'Prong, bezel, channel and pavé setting',
    gradient: 'from-emerald-500 to-teal-700',
    iconName: 'Settings',
    dwellMinutes: [60, 600],
    stations: [
      { name: 'Setting bench', jewelerName: 'Priya Nair', specialization: 'Prong and bezel setting' },
      { name: 'Microscope station', jewelerName: 'Luca Ferri', specialization: 'Pavé and micro-pavé' },
    ],
  },
  {
    name: 'Polishing',
    description: 'Pre-polish, final polish, ultrasonic and steam cleaning',
    gradient: 'from-pink-500 to-rose-700',
    iconName: 'Sparkles',
    dwellMinutes: [20, 240],
    stations: [
      {
        name: 'Polishing lathe',
        jewelerName: 'Sofia Lindqvist',
        specialization: 'High polish and satin finishes',
      },
      { name: 'Ultrasonic & steam', jewelerName: 'Ben Carter', specialization: 'Cleaning and rhodium prep' },
    ],
  },
  {
    name: 'QA',
    description: 'Inspection under the loupe, photography and packing',
    gradient: 'from-lime-500 to-green-700',
    iconName: 'Gem',
    dwellMinutes: [15, 240],
    stations: [
      {
        name: 'Inspection',
        jewelerName: 'Elena Rossi',
        specialization: 'Gemstone grading and quality control',
      },
      { name: 'Photography & packing', jewelerName: 'Sam Whitaker', specialization: 'Product photography' },
    ],
  },
  {
    name: 'Outside vendors',
    description: 'Pieces leaving for and coming back from plating, laser engraving and gem labs',
    gradient: 'from-slate-500 to-slate-700',
    iconName: 'Settings',
    dwellMinutes: [10, 90],
    stations: [
      { name: 'Dispatch shelf', jewelerName: 'Olivia Grant', specialization: 'Vendor logistics' },
      { name: 'Vendor returns', jewelerName: 'Olivia Grant', specialization: 'Incoming checks' },
    ],
  },
];

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

// ── What the workshop makes and mends ───────────────────────────────────────────────────────────

export const METAL_TYPES = [
  'Platinum 950',
  '18k Yellow Gold',
  '18k White Gold',
  '14k Rose Gold',
  '14k Yellow Gold',
  'Sterling Silver',
  'Palladium 950',
] as const;

type TOrderTemplate = {
  readonly productType: string;
  readonly metals: readonly (typeof METAL_TYPES)[number][];
  readonly descriptions: readonly string[];
  /** Price in whole dollars: [lowest, highest]. */
  readonly price: readonly [number, number];
};

export const ORDER_TEMPLATES: readonly TOrderTemplate[] = [
  {
    productType: 'Engagement ring',
    metals: ['Platinum 950', '18k White Gold', '18k Yellow Gold', '14k Rose Gold'],
    price: [3200, 18_500],
    descriptions: [
      'Solitaire, 1.5 ct oval lab-grown diamond in a six-prong cathedral setting with a hidden halo',
      'Three-stone ring: 1.0 ct round centre with pear-shaped side stones on a knife-edge band',
      'Vintage-style halo with a 0.8 ct cushion Ceylon sapphire and milgrain detailing',
      'Bezel-set 1.2 ct emerald-cut diamond on a tapered 2 mm band',
      'Toi et moi: pear diamond and oval Montana sapphire, split shank',
      'Client’s grandmother’s 0.6 ct old European cut reset in a new six-prong solitaire',
    ],
  },
  {
    productType: 'Wedding band',
    metals: ['Platinum 950', '18k Yellow Gold', '18k White Gold', '14k Rose Gold', 'Palladium 950'],
    price: [650, 4200],
    descriptions: [
      'Comfort-fit 5 mm band, brushed with polished edges, size 10',
      'Half-eternity band, 15 × 0.03 ct pavé diamonds, contoured to sit flush with the engagement ring',
      'Hand-engraved 4 mm band with a wheat pattern and an inside inscription',
      'Matching pair of 3 mm and 6 mm court bands',
      'Channel-set sapphire band, 2.5 mm, size 6½',
    ],
  },
  {
    productType: 'Pendant',
    metals: ['18k Yellow Gold', '14k Yellow Gold', '14k Rose Gold', 'Sterling Silver'],
    price: [380, 3600],
    descriptions: [
      'Initial pendant with a 0.10 ct diamond accent on an 18" cable chain',
      'Birthstone cluster pendant: amethyst, peridot and aquamarine for three children',
      'Locket with a screw-top compartment and an engraved fingerprint',
      'Compass-rose medallion with a 0.05 ct diamond at north, 20" rope chain',
    ],
  },
  {
    productType: 'Earrings',
    metals: ['18k White Gold', '14k Yellow Gold', 'Platinum 950'],
    price: [900, 7800],
    descriptions: [
      'Diamond studs, 2 × 0.5 ct round brilliants in four-prong martini settings',
      'Drop earrings with pear-shaped tanzanites and diamond halos',
      'Huggie hoops set with 0.25 ctw pavé diamonds',
      'Akoya pearl drops (8 mm) with diamond-set bails',
    ],
  },
  {
    productType: 'Bracelet',
    metals: ['18k White Gold', '14k Yellow Gold', 'Sterling Silver'],
    price: [700, 12_000],
    descriptions: [
      'Tennis bracelet, 3.0 ctw round diamonds, box clasp with a double safety',
      'Hand-forged cuff with a hammered texture and engraved coordinates',
      'Paperclip chain bracelet with a bezel-set emerald station',
    ],
  },
  {
    productType: 'Necklace',
    metals: ['18k Yellow Gold', '18k White Gold', '14k Yellow Gold'],
    price: [1200, 16_000],
    descriptions: [
      'Graduated riviera necklace with 42 round diamonds',
      'Bar necklace with four engraved names on a 16–18" adjustable chain',
      'Station necklace with seven bezel-set opals',
    ],
  },
  {
    productType: 'Signet ring',
    metals: ['18k Yellow Gold', '14k Yellow Gold', 'Sterling Silver'],
    price: [850, 4800],
    descriptions: [
      'Oval signet with a hand-carved family crest, reverse-cut for sealing wax',
      'Cushion signet with a lapis lazuli inlay',
      'Pinky signet with engraved initials in a script monogram',
    ],
  },
];

export const PRODUCT_TYPES = ORDER_TEMPLATES.map((template) => template.productType);

type TRepairTemplate = {
  readonly item: string;
  readonly types: readonly TRepairType[];
  readonly condition: string;
  /** Declared value and estimate in whole dollars. */
  readonly value: number;
  readonly estimate: number;
};

export const REPAIR_TEMPLATES: readonly TRepairTemplate[] = [
  {
    item: '14k yellow gold solitaire ring, 0.7 ct round diamond',
    types: ['prong_retipping', 'polishing'],
    condition: 'Two prongs worn thin, stone moves slightly. Light scratches on the shank.',
    value: 4200,
    estimate: 185,
  },
  {
    item: 'Platinum wedding band, size 7 to size 9',
    types: ['sizing', 'polishing'],
    condition: 'Good condition. Customer wants the inscription kept.',
    value: 1600,
    estimate: 140,
  },
  {
    item: 'Sterling silver charm bracelet with 14 charms',
    types: ['chain_repair', 'soldering'],
    condition: 'Broken jump ring at the horseshoe charm; tarnished.',
    value: 450,
    estimate: 65,
  },
  {
    item: '18k white gold pavé band',
    types: ['stone_replacement', 'rhodium_plating'],
    condition: 'Two melee diamonds missing near the top; rhodium worn through on the palm side.',
    value: 2800,
    estimate: 260,
  },
  {
    item: 'Art Deco brooch with marcasites (family piece)',
    types: ['stone_setting', 'cleaning'],
    condition: 'Several marcasites loose, one missing. Pin stem bent.',
    value: 900,
    estimate: 210,
  },
  {
    item: '20" 14k rope chain',
    types: ['chain_repair', 'clasp_replacement'],
    condition: 'Broken near the clasp; lobster clasp spring weak.',
    value: 1100,
    estimate: 95,
  },
  {
    item: 'Akoya pearl strand, 18"',
    types: ['other', 'clasp_replacement'],
    condition: 'Silk stretched and dirty. Restring with knots, new 14k fish-hook clasp.',
    value: 1500,
    estimate: 120,
  },
  {
    item: 'Gold signet ring with worn initials',
    types: ['engraving', 'polishing'],
    condition: 'Monogram barely legible. Re-engrave by hand, same script.',
    value: 1300,
    estimate: 175,
  },
  {
    item: 'White gold engagement ring, 1.0 ct princess cut',
    types: ['rhodium_plating', 'polishing', 'cleaning'],
    condition: 'Yellowing shank, heavy wear. Stones checked tight under the loupe on intake.',
    value: 6500,
    estimate: 110,
  },
  {
    item: 'Emerald pendant, 18k yellow gold',
    types: ['stone_replacement'],
    condition: 'Emerald chipped at one corner; customer chose a replacement stone.',
    value: 2200,
    estimate: 480,
  },
  {
    item: 'Vintage watch-chain bracelet',
    types: ['appraisal', 'cleaning'],
    condition: 'For an insurance appraisal. No visible damage.',
    value: 3000,
    estimate: 150,
  },
  {
    item: 'Diamond stud earrings, 2 × 0.4 ct',
    types: ['other', 'cleaning'],
    condition: 'Replace friction backs with screw backs; posts to be rethreaded.',
    value: 2600,
    estimate: 160,
  },
  {
    item: 'Two-tone bangle',
    types: ['polishing', 'soldering'],
    condition: 'Dented in two places; hinge pin loose.',
    value: 1900,
    estimate: 135,
  },
  {
    item: 'Diamond tennis bracelet, 2 ctw',
    types: ['clasp_replacement', 'soldering'],
    condition: 'Box clasp no longer closes; safety catch missing.',
    value: 5400,
    estimate: 220,
  },
  {
    item: 'Sapphire eternity band',
    types: ['sizing', 'stone_setting'],
    condition: 'Up half a size; check every stone after stretching.',
    value: 3100,
    estimate: 240,
  },
];

export const CUSTOMER_NAMES: readonly string[] = [
  'Olivia Bennett',
  'Liam Chen',
  'Sophia Martinez',
  'Noah Williams',
  'Ava Thompson',
  'Ethan Patel',
  'Isabella Rossi',
  'Mason Kim',
  'Mia Johansson',
  'Lucas Dubois',
  'Charlotte Nguyen',
  'James O’Connor',
  'Amelia Schwartz',
  'Benjamin Adeyemi',
  'Harper Lindgren',
  'Elijah Brooks',
  'Evelyn Moreau',
  'Alexander Novak',
  'Abigail Foster',
  'Henry Sato',
  'Emily Castillo',
  'Daniel Weiss',
  'Zoe Papadopoulos',
  'Samuel Okoye',
  'Grace Sullivan',
  'Leo Fischer',
  'Chloe Ramirez',
  'Jack Morrison',
  'Lily Hoffmann',
  'Owen Clarke',
];

// ── Statuses set by hand ─────────────────────────────────────────────────────────────────────────

/**
 * The status staff set by hand for a piece standing at `key`, where reads do not set it: reads move a job's
 * status with its workflow phase (issue 32), but a repair waiting for parts at the vendors' shelf, and a piece
 * photographed and packed (ready for its customer), are people's calls. Null elsewhere.
 */
export function statusByHandAt(kind: TItemKind, key: TStationKey): TOrderStatus | TRepairStatus | null {
  if (key === 'QA/Photography & packing') return 'ready';
  return kind === 'repair' && key === DISPATCH ? 'waiting_parts' : null;
}

/** Once here, a piece's work is over: an order is delivered, a repair picked up. */
export const FINAL_STATUS: Readonly<Record<TItemKind, TOrderStatus | TRepairStatus>> = {
  order: 'delivered',
  repair: 'picked_up',
};

/**
 * The statuses to PATCH, one allowed transition at a time, to go from `from` to `to` (the shortest way
 * through the domain's transition table, never through cancelled); [] when already there or no way.
 */
export function statusSteps(kind: TItemKind, from: string, to: string): string[] {
  const table: Readonly<Record<string, readonly string[]>> =
    kind === 'order' ? ORDER_STATUS_TRANSITIONS : REPAIR_STATUS_TRANSITIONS;
  if (from === to || !(from in table)) return [];
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const status = queue.shift() as string;
    for (const next of table[status] ?? []) {
      if (next === 'cancelled' || previous.has(next)) continue;
      previous.set(next, status);
      if (next === to) {
        const path = [to];
        for (let at = status; at !== from; at = previous.get(at) ?? from) path.unshift(at);
        return path;
      }
      queue.push(next);
    }
  }
  return [];
}
