import type { TRepairType } from '@loupe/domain/repairs/repair';

/** What the demo workshop makes and mends, and for whom: the seed's orders, repairs and customers. */

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
