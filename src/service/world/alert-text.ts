/** Alert vocabulary: event types, CAP-style ranks, and the NWS-like wording. */

export const ORIGIN_NWS = 'National Weather Service';
export const ORIGIN_SERVICE = 'Roadcam';

/** Text of urgency, severity and certainty by rank; ranks follow the interface's filter lists. */
export const URGENCY_TEXT = ['Past', 'Future', 'Expected', 'Immediate', 'Unknown'] as const;
export const SEVERITY_TEXT = ['Minor', 'Moderate', 'Severe', 'Extreme', 'Unknown'] as const;
export const CERTAINTY_TEXT = ['Unlikely', 'Possible', 'Likely', 'Observed', 'Unknown'] as const;

export interface EventKind {
  event: string;
  urgency: number;
  severity: number;
  certainty: number;
  what: string;
  impacts: string;
}

const kind = (
  event: string,
  urgency: number,
  severity: number,
  certainty: number,
  what: string,
  impacts: string,
): EventKind => ({ event, urgency, severity, certainty, what, impacts });

export const EVENTS = {
  winterStormWatch: kind(
    'Winter Storm Watch',
    1,
    1,
    1,
    'Heavy snow possible. Total snow accumulations of 6 to 10 inches possible.',
    'Travel could be very difficult. The hazardous conditions could impact the commute.',
  ),
  winterStormWarning: kind(
    'Winter Storm Warning',
    2,
    2,
    2,
    'Heavy snow expected. Total snow accumulations of 8 to 14 inches. Winds gusting as high as 40 mph.',
    'Travel could be very difficult to impossible. Patchy blowing snow could significantly reduce visibility.',
  ),
  winterWeatherAdvisory: kind(
    'Winter Weather Advisory',
    2,
    0,
    2,
    'Snow expected. Total snow accumulations of 2 to 4 inches.',
    'Plan on slippery road conditions.',
  ),
  floodWatch: kind(
    'Flood Watch',
    1,
    1,
    1,
    'Flooding caused by excessive rainfall is possible.',
    'Excessive runoff may result in flooding of rivers, creeks, streams, and other low-lying and flood-prone locations.',
  ),
  flashFloodWarning: kind(
    'Flash Flood Warning',
    3,
    2,
    2,
    'Flash flooding caused by thunderstorms. Between 2 and 3 inches of rain have fallen.',
    'Life threatening flash flooding of low water crossings, small creeks and streams, urban areas and highways.',
  ),
  windAdvisory: kind(
    'Wind Advisory',
    2,
    0,
    2,
    'Southwest winds 25 to 35 mph with gusts up to 55 mph.',
    'Gusty winds will blow around unsecured objects. Tree limbs could be blown down.',
  ),
  denseFogAdvisory: kind(
    'Dense Fog Advisory',
    2,
    0,
    2,
    'Visibility one quarter mile or less in dense fog.',
    'Low visibility could make driving conditions hazardous.',
  ),
  roadWetnessWatch: kind(
    'Road Wetness Watch',
    2,
    0,
    3,
    'Cameras report wet, ponding or snow-covered roads',
    'Reduced traction and road spray.',
  ),
  poorVisibilityWatch: kind(
    'Poor Visibility Watch',
    2,
    1,
    3,
    'Cameras report poor or reduced visibility',
    'Visibility below 0.7 miles.',
  ),
  heavyPrecipWatch: kind(
    'Heavy Precip Watch',
    2,
    1,
    3,
    'Cameras report heavy precipitation',
    'Significantly wet roads and reduced visibility.',
  ),
} as const;

export function formatAlertTime(t: number): string {
  return new Date(t * 1000).toISOString().replace(':00.000Z', ' UTC').replace('T', ' ');
}

export function nwsDescription(k: EventKind, areaDesc: string, expires: number): string {
  return [
    `* WHAT...${k.what}`,
    `* WHERE...${areaDesc}.`,
    `* WHEN...Until ${formatAlertTime(expires)}.`,
    `* IMPACTS...${k.impacts}`,
  ].join('\n\n');
}
