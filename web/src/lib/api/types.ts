/** Reply of an `/odata/*` collection. */
export interface ODataCollection<TItem> {
  '@odata.context'?: string;
  '@odata.count'?: number;
  value: TItem[];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON, except FormData which is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token and handle 401 as an expired session. Default true. */
  authenticated?: boolean;
  /** Show the 400 reply's messages as error toasts. Default true. */
  toastBadRequest?: boolean;
  /** Statuses the caller shows to the user itself, so they are not logged as failures. */
  handledStatuses?: readonly number[];
  /** The entity's `@odata.etag`: a write is refused (412) if someone changed it since. */
  ifMatch?: string | undefined;
  /** Further request headers (e.g. a registrant's `X-Registration-Token`, who has no session). */
  headers?: Readonly<Record<string, string>>;
}
