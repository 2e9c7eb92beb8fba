/** A phantom marker carrying a result or payload type in the contract; it has no runtime value. */
export function type<T>(): T {
  return undefined as T;
}
