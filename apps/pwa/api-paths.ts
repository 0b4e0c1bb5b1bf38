/**
 * Path prefixes served by the backend rather than the portal: the dev proxy forwards them and the
 * service worker never answers them with the app shell. `/merchant/v1` is a backend prefix while
 * `/merchant/...` otherwise is a portal route, hence the explicit list.
 */
export const API_PATH_PATTERN =
  /^\/(oauth|users|v1|v2|m\/api|s\/api|c\/api|msp|sp|tsp|merchant\/v1|transactions\/deal|public\/files|api\/dbs|files|portal-config\.json|openapi\.json|docs)(\/|$|\?)/;
