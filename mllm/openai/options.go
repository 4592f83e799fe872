package openai

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
	"unicode"

	"interactagent/httpclient"
)

// DefaultBaseURL is OpenAI's own endpoint, used when neither Options.BaseURL nor OPENAI_BASE_URL
// names another.
const DefaultBaseURL = "https://api.openai.com/v1"

// Image detail levels, as the chat-completions API names them.
const (
	DetailLow  = "low"
	DetailHigh = "high"
	DetailAuto = "auto"
)

// Defaults of the fields of Options that have one.
const (
	DefaultMaxImageSide = 768
	DefaultReAsks       = 2
	DefaultTimeout      = 120 * time.Second // one try: a model may think for a while
	DefaultTotal        = 5 * time.Minute   // every try and wait of one request
)

// minImageSide is the smallest MaxImageSide accepted: below it no model reads a ghost image.
const minImageSide = 64

// Options configure a Model. The zero value of each field takes the default named beside it.
type Options struct {
	BaseURL     string            // default: $OPENAI_BASE_URL, else DefaultBaseURL
	Model       string            // required, such as "gpt-4o", "qwen-vl-max", "qwen2.5vl"
	APIKey      string            // default: $OPENAI_API_KEY; may stay empty for a local server
	Policy      httpclient.Policy // zero Timeout and Total take DefaultTimeout and DefaultTotal
	Temperature float64           // 0 to 2; default 0 (greedy: sent as the smallest positive number)
	MaxTokens   int               // reply length limit; 0 leaves it to the server
	Seed        *int              // nil sends none; servers that honour it sample reproducibly
	Detail      string            // image detail: DetailLow, DetailHigh or DetailAuto (default)
	// MaxImageSide is the longest side, in pixels, of any image sent (default 768): larger PNGs
	// are scaled down, keeping their aspect. A tiled image (OneImage) is held to it too.
	MaxImageSide int
	// OneImage tiles every image of a request into one, for servers that accept one image per
	// message (Ollama's vision models, some vLLM set-ups); the views are listed in the text in
	// tile order.
	OneImage bool
	// PromptDir is a folder of the user's own templates, named as the embedded ones
	// (PromptNames); a file there replaces the embedded one, a file missing keeps it.
	PromptDir string
	ReAsks    int          // re-asks after an unusable reply; default DefaultReAsks, negative for none
	HTTP      *http.Client // default: http.DefaultClient's settings (tests inject their own)
}

// withDefaults fills the zero fields from the environment and the defaults.
func (o Options) withDefaults() Options {
	if o.BaseURL == "" {
		o.BaseURL = os.Getenv("OPENAI_BASE_URL")
	}
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL
	}
	if o.APIKey == "" {
		o.APIKey = os.Getenv("OPENAI_API_KEY")
	}
	o.APIKey = strings.TrimSpace(o.APIKey)
	if o.Policy.Timeout == 0 {
		o.Policy.Timeout = DefaultTimeout
	}
	if o.Policy.Total == 0 {
		o.Policy.Total = max(DefaultTotal, o.Policy.Timeout)
	}
	if o.Detail == "" {
		o.Detail = DetailAuto
	}
	if o.MaxImageSide == 0 {
		o.MaxImageSide = DefaultMaxImageSide
	}
	if o.ReAsks == 0 {
		o.ReAsks = DefaultReAsks
	}
	o.ReAsks = max(o.ReAsks, 0)
	return o
}

// validate checks options that have their defaults: a usable URL without credentials, a model
// name, numbers in range.
func (o Options) validate() error {
	if err := checkBaseURL(o.BaseURL); err != nil {
		return err
	}
	if err := checkModelName(o.Model); err != nil {
		return err
	}
	if err := o.Policy.Validate(); err != nil {
		return fmt.Errorf("openai: %w", err)
	}
	return o.checkNumbers()
}

// checkNumbers checks the sampling and image settings.
func (o Options) checkNumbers() error {
	switch {
	case math.IsNaN(o.Temperature) || o.Temperature < 0 || o.Temperature > 2:
		return fmt.Errorf("openai: temperature %v, want a number from 0 to 2", o.Temperature)
	case o.MaxTokens < 0:
		return fmt.Errorf("openai: max tokens %d, want 0 (the server's default) or more", o.MaxTokens)
	case o.Detail != DetailLow && o.Detail != DetailHigh && o.Detail != DetailAuto:
		return fmt.Errorf("openai: image detail %q, want %q, %q or %q", o.Detail, DetailLow, DetailHigh, DetailAuto)
	case o.MaxImageSide < minImageSide:
		return fmt.Errorf("openai: max image side %d pixels, want at least %d", o.MaxImageSide, minImageSide)
	}
	return nil
}

// checkBaseURL wants http(s)://host[:port][/path] with no user, password, query or fragment: a key
// goes in APIKey, where it is sent as a header and scrubbed, never in a URL that errors quote; and
// the client appends "/chat/completions" to the URL, which a query would break.
func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("openai: base URL %q, want http(s)://host[:port]/path such as %s", redactURL(raw), DefaultBaseURL)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return fmt.Errorf("openai: base URL %q carries a user, a query or a fragment; want none (a key goes in the API key, OPENAI_API_KEY)", redactURL(raw))
	}
	return nil
}

// checkModelName wants a non-empty name without spaces or control characters.
func checkModelName(name string) error {
	if name == "" {
		return fmt.Errorf("openai: no model name; want one such as \"gpt-4o\"")
	}
	if strings.IndexFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return fmt.Errorf("openai: model name %q has spaces or control characters; want a name such as \"gpt-4o\"", name)
	}
	return nil
}

// redactURL hides what a URL may carry of credentials before it is quoted: the user, the password
// and the whole query.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	if u.User != nil {
		u.User = url.User("redacted") // a key may stand in the user name as well as the password
	}
	if u.RawQuery != "" {
		u.RawQuery = "redacted"
	}
	return u.String()
}
