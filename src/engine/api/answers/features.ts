/**
 * The answers of the GeoJSON resource kinds (interface 4.2 to 4.5), typed by kind: a search page (a
 * FeatureCollection with a features array), a show (one Feature) and the snapshot files. Read
 * liberally, record by record (records.ts); see answers.ts for why.
 */
import type { GeoJsonFeature, FeatureCollection } from '../../../shared/api/index.ts';
import { box, envelopeOf, kindOf, listOf, objectAnswer, readAll, type Reader } from './reading.ts';
import type { FeatureOf, GeoKind } from '../kinds.ts';
import { isObject, Unusable } from './liberal.ts';
import {
  readAlert,
  readCamera,
  readObservation,
  readRecording,
  type RecordReader,
} from './records.ts';
import {
  readSnapshotObservation,
  type Snapshot,
  type SnapshotObservationProperties,
} from './snapshot-records.ts';

/** A search page: a FeatureCollection with a features array; the rest liberal. */
function searchPage<F>(record: RecordReader<F>): Reader<FeatureCollection<F>> {
  return {
    read(body, odd) {
      const page = objectAnswer(body, 'a GeoJSON FeatureCollection');
      if (page['type'] !== 'FeatureCollection')
        throw new Unusable(`type: ${kindOf(page['type'])}, not "FeatureCollection"`);
      const features = readAll(listOf(page, 'features'), record, odd);
      const rest = { ...page };
      delete rest['bbox'];
      const bbox = box(page['bbox']);
      return {
        ...rest,
        ...(bbox ? { bbox } : {}),
        type: 'FeatureCollection',
        features,
        properties: {
          ...(isObject(page['properties']) ? page['properties'] : {}),
          ...envelopeOf(page['properties'], features.length, odd, 'properties.'),
        },
      };
    },
  };
}

/** A show: a Feature whose record can be used; a record that would be dropped fails it. */
function show<F>(record: RecordReader<F>): Reader<F> {
  return {
    read(body, odd) {
      const feature = objectAnswer(body, 'a GeoJSON Feature');
      if (feature['type'] !== 'Feature')
        throw new Unusable(`type: ${kindOf(feature['type'])}, not "Feature"`);
      const read = record(feature, odd);
      if (read === undefined) throw new Unusable(`the feature: ${odd.lastDrop ?? 'unreadable'}`);
      return read;
    },
  };
}

/** Snapshot files (observations/_all, alerts/_all): features without the search envelope. */
function snapshotOf<F>(record: RecordReader<F>): Reader<Snapshot<F>> {
  return {
    read(body, odd) {
      const file = objectAnswer(body, 'a GeoJSON FeatureCollection');
      if (file['type'] !== 'FeatureCollection')
        throw new Unusable(`type: ${kindOf(file['type'])}, not "FeatureCollection"`);
      return {
        ...file,
        type: 'FeatureCollection',
        features: readAll(listOf(file, 'features'), record, odd),
      };
    },
  };
}

/** What each kind's `show` answers with. */
export const FEATURE_ANSWERS: { [K in GeoKind]: Reader<FeatureOf<K>> } = {
  observations: show(readObservation),
  cameras: show(readCamera),
  recordings: show(readRecording),
  alerts: show(readAlert),
};

/** What each kind's search answers with. */
export const SEARCH_ANSWERS: { [K in GeoKind]: Reader<FeatureCollection<FeatureOf<K>>> } = {
  observations: searchPage(readObservation),
  cameras: searchPage(readCamera),
  recordings: searchPage(readRecording),
  alerts: searchPage(readAlert),
};

export const snapshotObservationsAnswer: Reader<
  Snapshot<GeoJsonFeature<SnapshotObservationProperties>>
> = snapshotOf(readSnapshotObservation);
export const alertSnapshotAnswer: Reader<Snapshot<FeatureOf<'alerts'>>> = snapshotOf(readAlert);
