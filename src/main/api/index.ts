export { ApiClient, parseBbox } from './client.ts';
export type {
  ApiClientOptions,
  CallOptions,
  FeatureOf,
  GeoKind,
  GeoSearches,
  ParamsOf,
} from './client.ts';
export type { CollectionCreate, CollectionImageSource } from './collections.ts';
export { ApiError, AuthError, NetworkError, ServiceError } from './errors.ts';
export { InvalidPathValueError } from './path.ts';
export { snapshotTime } from './groups.ts';
export type {
  MediaOptions,
  RecordingCreate,
  Snapshot,
  SnapshotObservationProperties,
} from './groups.ts';
export type { RetryPolicy } from './http.ts';
export type { SearchAllOptions, SearchAllResult } from './paging.ts';
export type { ByteRange, Credentials, MediaResponse, SignedStream } from './requester.ts';
export { MemoryTokenStore, TOKEN_RENEW_MARGIN_MS } from './token.ts';
export type { StoredToken, TokenStore } from './token.ts';
