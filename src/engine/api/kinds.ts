/**
 * The GeoJSON resource kinds of the service (interface 4.2 to 4.5), each with the parameters of its
 * search and the feature it answers with: what makes the searches, the show answers and the
 * resource groups generic over the kind without a cast.
 */
import type {
  Alert,
  AlertSearchParams,
  Camera,
  CameraSearchParams,
  Observation,
  ObservationSearchParams,
  Recording,
  RecordingSearchParams,
} from '../../shared/api/index.ts';

/** The searches that return GeoJSON, with their parameter and feature types. */
export interface GeoSearches {
  observations: { params: ObservationSearchParams; feature: Observation };
  cameras: { params: CameraSearchParams; feature: Camera };
  recordings: { params: RecordingSearchParams; feature: Recording };
  alerts: { params: AlertSearchParams; feature: Alert };
}
export type GeoKind = keyof GeoSearches;
export type ParamsOf<K extends GeoKind> = GeoSearches[K]['params'];
export type FeatureOf<K extends GeoKind> = GeoSearches[K]['feature'];
