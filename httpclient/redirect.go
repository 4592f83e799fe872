package httpclient

import (
	"errors"
	"net/http"
	"net/url"
)

// maxRedirects is how many redirects one request may follow, as net/http's default.
const maxRedirects = 10

// credentialHeaders are removed from a request redirected to another origin.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization", "Cookie", "Api-Key", "X-Api-Key"}

// Client returns a copy of base (http.DefaultClient's settings when nil) whose redirects never
// carry credentials to another origin: when a redirect leaves the first request's scheme, host or
// port, the Authorization header and its kin are removed. net/http alone keeps them when only the
// port changes, which would hand a bearer token to another service on the same host.
func Client(base *http.Client) *http.Client {
	c := &http.Client{}
	if base != nil {
		*c = *base
	}
	c.CheckRedirect = checkRedirect
	return c
}

// checkRedirect strips credentials from a request redirected to another origin.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return errors.New("stopped after 10 redirects")
	}
	if !sameOrigin(req.URL, via[0].URL) {
		for _, h := range credentialHeaders {
			req.Header.Del(h)
		}
	}
	return nil
}

// sameOrigin reports whether two URLs share scheme, host and port (default ports filled in).
func sameOrigin(a, b *url.URL) bool {
	return a.Scheme == b.Scheme && a.Hostname() == b.Hostname() && port(a) == port(b)
}

// port returns a URL's port, or its scheme's default.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}
