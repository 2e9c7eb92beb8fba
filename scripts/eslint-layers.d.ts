import type { ESLint } from 'eslint';

export interface Layer {
  area: string;
  may: string[];
  why: string;
}
export const LAYERS: Layer[];
export function layerOf(file: string): Layer | undefined;
export function refusal(file: string, target: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;
