// Made by scripts/i18n-types.mjs from messages/en.json: run it after changing a key or its
// parameters (the build does); do not edit by hand.
/* eslint-disable */
export interface MessageParams {
  'count.cameras': { count: number };
  'language.hint': {};
  'language.label': {};
  'language.system': { language: string | number };
  'nav.label': {};
  'net.answerStalled': { operation: string | number; rate: number; seconds: number };
  'net.answerTimeout': { operation: string | number; seconds: number };
  'net.answerTooLarge': { operation: string | number; sender: string; size: string | number };
  'net.internalAddress': { host: string | number; address: string | number; range: string | number };
  'sensor.no_report': {};
  'sensor.precip': {};
  'sensor.precip.heavy': {};
  'sensor.precip.not_heavy': {};
  'sensor.road_weather': {};
  'sensor.road_weather.dry': {};
  'sensor.road_weather.full_snow': {};
  'sensor.road_weather.moist': {};
  'sensor.road_weather.partial_snow': {};
  'sensor.road_weather.ponding': {};
  'sensor.road_weather.wet': {};
  'sensor.visibility': {};
  'sensor.visibility.good': {};
  'sensor.visibility.hazy': {};
  'sensor.visibility.poor': {};
  'sensor.visibility.reduced': {};
  'view.alerts': {};
  'view.collections': {};
  'view.downloads': {};
  'view.map': {};
  'view.route': {};
  'view.settings': {};
  'view.wall': {};
}
