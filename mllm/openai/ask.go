package openai

import (
	"context"
	"errors"
	"time"

	"github.com/sashabaranov/go-openai"

	"interactagent/httpclient"
	"interactagent/mllm"
)

// call is one role's call in progress: its conversation so far, the level at which it asks for
// JSON, and what it has cost. One goroutine runs a call.
type call struct {
	m      *Model
	req    request
	msgs   []openai.ChatCompletionMessage
	level  level
	client *openai.Client
	doer   *doer
	usage  mllm.Usage
}

// answer is what one exchange brought back: the text to parse, the whole content as received,
// any reasoning the server kept apart from it (all scrubbed of the key), and whether the server
// cut the reply off at the length limit.
type answer struct {
	text, raw, reasoning string
	cut                  bool
}

// ask runs a role's call: it sends the request, parses the reply with parse, and re-asks up to
// ReAsks times, quoting the parser's complaint, while the reply cannot be used. On success the
// reply's Meta holds the raw text, the reasoning and the usage; on failure the reply returned
// with the error is empty but for Meta.Usage, so that accounting still counts what was spent.
func ask[R any](ctx context.Context, m *Model, r request, parse func(string) (R, error), meta func(*R) *mllm.Meta) (out R, err error) {
	start := time.Now()
	c, err := m.newCall(r)
	if err != nil {
		return out, m.cannotSend(r.role, err)
	}
	defer func() { c.finish(meta(&out), start) }() // out is named: the usage reaches the caller
	for tries := 1; ; tries++ {
		a, err := c.exchange(ctx)
		if err != nil {
			return out, err
		}
		reply, perr := parse(a.text)
		if perr == nil {
			out = reply
			keep(meta(&out), a)
			return out, nil
		}
		why := problem(perr, a.cut)
		if tries > m.opt.ReAsks {
			return out, m.unusable(r.role, why, a.raw, tries)
		}
		c.msgs = reAsk(c.msgs, a.raw, why)
	}
}

// newCall renders the conversation and makes the call's client, whose doer counts its requests.
func (m *Model) newCall(r request) (*call, error) {
	msgs, err := m.messages(r)
	if err != nil {
		return nil, err
	}
	d := &doer{client: m.http, policy: m.opt.Policy}
	cfg := openai.DefaultConfig(m.opt.APIKey)
	cfg.BaseURL, cfg.HTTPClient = m.baseURL, d
	return &call{m: m, req: r, msgs: msgs, level: known.get(m.endpoint()), client: openai.NewClientWithConfig(cfg), doer: d}, nil
}

// exchange sends the conversation once (the policy may try several times) and reads the answer;
// a server that refuses the response_format is asked again one level lower, and the endpoint
// remembered to start there from now on.
func (c *call) exchange(ctx context.Context) (answer, error) {
	for {
		resp, err := c.client.CreateChatCompletion(ctx, c.chatRequest())
		if err == nil {
			return c.read(resp)
		}
		if !c.downgrade(err) {
			return answer{}, c.m.failure(ctx, c.req.role, err)
		}
	}
}

// chatRequest is the request at the call's current level.
func (c *call) chatRequest() openai.ChatCompletionRequest {
	req := openai.ChatCompletionRequest{Model: c.m.opt.Model, Messages: c.msgs, ResponseFormat: responseFormat(c.level, c.req.schema)}
	c.m.opt.sampling(&req)
	return req
}

// downgrade lowers the level after a refusal of the response_format, and reports whether it did.
func (c *call) downgrade(err error) bool {
	var se *httpclient.StatusError
	if c.req.schema == nil || c.level >= levelText || !errors.As(err, &se) || !refusesFormat(se.Status, se.Body) {
		return false
	}
	c.level++
	known.lower(c.m.endpoint(), c.level)
	return true
}

// read takes the text of the first choice and adds the exchange's images and tokens to the
// usage. A refusal stands in for empty content, so that the re-ask can quote it.
func (c *call) read(resp openai.ChatCompletionResponse) (answer, error) {
	for _, v := range c.req.views {
		c.usage.Images += v.holds
	}
	c.usage.PromptTokens += resp.Usage.PromptTokens
	c.usage.CompletionTokens += resp.Usage.CompletionTokens
	if len(resp.Choices) == 0 {
		return answer{}, c.m.unusable(c.req.role, "the reply has no choices; want one message", "", 1)
	}
	msg := resp.Choices[0].Message
	cut := resp.Choices[0].FinishReason == openai.FinishReasonLength
	content := msg.Content
	if content == "" {
		content = msg.Refusal
	}
	raw := c.m.scrub(content)
	thought, text := splitThink(raw)
	return answer{text: text, raw: raw, reasoning: firstNonEmpty(c.m.scrub(msg.ReasoningContent), thought), cut: cut}, nil
}

// finish records the call's requests and time in meta.
func (c *call) finish(meta *mllm.Meta, start time.Time) {
	c.usage.Requests = c.doer.sent
	c.usage.Latency = time.Since(start)
	meta.Usage = c.usage
}

// keep stores the whole reply and, when the reply's JSON gave none, the reasoning the server
// kept apart, in a parsed reply's Meta.
func keep(meta *mllm.Meta, a answer) {
	meta.Raw = a.raw
	if meta.Reasoning == "" {
		meta.Reasoning = a.reasoning
	}
}

// problem is what a re-ask quotes: the parser's message without its "mllm: role reply:" prefix,
// and, when the server cut the reply off, that it was too long.
func problem(err error, cut bool) string {
	msg := err.Error()
	var pe *mllm.ParseError
	if errors.As(err, &pe) {
		msg = pe.Msg
	}
	if cut {
		msg += " (the reply was cut off at the length limit: answer more briefly)"
	}
	return msg
}

// firstNonEmpty returns the first of the texts that is not empty.
func firstNonEmpty(texts ...string) string {
	for _, t := range texts {
		if t != "" {
			return t
		}
	}
	return ""
}
