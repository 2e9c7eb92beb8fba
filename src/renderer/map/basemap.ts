import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The offline base map: country shapes and US state lines from world-atlas and us-atlas,
 * drawn on a canvas in a pane under the raster tiles. The map is never blank, with or without a network.
 */
export async function offlineBasemap(renderer: L.Renderer): Promise<L.LayerGroup> {
  const [world, states] = await Promise.all([
    import('world-atlas/countries-50m.json'),
    import('us-atlas/states-10m.json'),
  ]);
  const worldTopo = world.default as unknown as Topology<{
    countries: GeometryCollection;
    land: GeometryCollection;
  }>;
  const statesTopo = states.default as unknown as Topology<{ states: GeometryCollection }>;
  const countries = feature(worldTopo, worldTopo.objects.countries);
  const borders = mesh(worldTopo, worldTopo.objects.countries, (a, b) => a !== b);
  const stateLines = mesh(statesTopo, statesTopo.objects.states, (a, b) => a !== b);
  return L.layerGroup([
    L.geoJSON(countries, {
      interactive: false,
      style: { renderer, stroke: false, fillColor: '#ece8df', fillOpacity: 1 },
    }),
    L.geoJSON(borders, { interactive: false, style: { renderer, color: '#9a948a', weight: 1 } }),
    L.geoJSON(stateLines, {
      interactive: false,
      style: { renderer, color: '#b7b0a4', weight: 0.8, dashArray: '3 3' },
    }),
  ]);
}
