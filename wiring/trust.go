package wiring

import (
	"fmt"
	"strings"

	"interactagent/agent"
)

// An UntrustedEndpointError is a remote endpoint that settings read from a file (a run folder's
// run.json, a bundle's, a bench folder's bench.json) name and that the user did not give in this
// invocation. Building the backends would send the user's credential there, so a file could
// choose where a key goes; the user accepts the endpoint by naming it again.
type UntrustedEndpointError struct {
	Source     string // the file that names the endpoint, such as "runs/x/run.json"
	Flag       string // the flag that would name it: "--base-url" or "--executor"
	URL        string // the endpoint, as the file names it
	Credential string // what would be sent there: "$OPENAI_API_KEY" or "$INTERACTAGENT_EXECUTOR_TOKEN"
	Alt        string // another way to name it, such as "or set OPENAI_BASE_URL to it"; may be empty
}

func (e *UntrustedEndpointError) Error() string {
	alt := ""
	if e.Alt != "" {
		alt = ", " + e.Alt
	}
	return fmt.Sprintf("wiring: %s names the endpoint %s (%s), which this command was not given; requests carrying %s "+
		"would go there. To accept it, name it yourself: add %s %s%s", e.Source, e.URL, e.Flag, e.Credential, e.Flag, e.URL, alt)
}

// Given is what the user named in this invocation: the settings given on the command line (the
// others empty: agent.Settings.Only) and the environment. Endpoints named there are the user's own.
type Given struct {
	Settings agent.Settings
	Getenv   func(string) string
}

// CheckGiven refuses settings read from source when they name a remote endpoint — the model's
// base URL or a remote executor — that the user did not give in this invocation: by the same flag,
// or, for the model, by $OPENAI_BASE_URL. An empty base URL is always the user's (it is taken from
// the environment or is OpenAI's own), and built-in backends have no endpoint.
func CheckGiven(s agent.Settings, source string, g Given) error {
	if !s.BuiltinModel() && s.BaseURL != "" && !g.names(g.Settings.BaseURL, "OPENAI_BASE_URL", s.BaseURL) {
		return &UntrustedEndpointError{Source: source, Flag: "--base-url", URL: s.BaseURL,
			Credential: "$OPENAI_API_KEY", Alt: "or set OPENAI_BASE_URL to it"}
	}
	if !s.BuiltinExecutor() && !g.names(g.Settings.Executor, "", s.Executor) {
		return &UntrustedEndpointError{Source: source, Flag: "--executor", URL: s.Executor, Credential: "$" + TokenEnv}
	}
	return nil
}

// names reports whether the given value, or the environment variable env when not empty, names url.
func (g Given) names(given, env, url string) bool {
	if sameEndpoint(given, url) {
		return true
	}
	return env != "" && g.Getenv != nil && sameEndpoint(g.Getenv(env), url)
}

// sameEndpoint compares two endpoints as a person writes them: surrounding space and a trailing
// slash aside.
func sameEndpoint(a, b string) bool {
	norm := func(s string) string { return strings.TrimRight(strings.TrimSpace(s), "/") }
	return norm(a) != "" && norm(a) == norm(b)
}
