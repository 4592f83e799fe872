// Package httpclient is how the project calls outside HTTP services (a MotionLLM server, a model
// endpoint): one Policy of per-try timeouts, a total deadline, bounded retries with exponential
// backoff and jitter on 429, 5xx, timeouts and dropped connections (Retry-After honoured), redirects
// that never carry credentials to another origin, and the scrubbing of secrets from anything
// received before it is printed, logged or stored. Each client keeps its own request and reply
// types; this package only sends, waits, retries and reads.
package httpclient
