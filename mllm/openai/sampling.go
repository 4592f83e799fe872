package openai

import (
	"math"

	"github.com/sashabaranov/go-openai"
)

// sampling sets a request's temperature, length limit and seed from the options.
//
// go-openai leaves out a temperature of 0 (its field is "omitempty"), and servers then sample at
// their default of 1; so a temperature of 0 is sent as the smallest positive float32, which every
// server we know treats as greedy decoding. Reasoning models (o1, o3, gpt-5, ...) refuse any
// temperature and want max_completion_tokens: when the library's own check refuses the request,
// the temperature is left out and the limit moved, rather than failing a call the server would
// have answered.
func (o Options) sampling(req *openai.ChatCompletionRequest) {
	req.Temperature = float32(o.Temperature)
	if o.Temperature == 0 {
		req.Temperature = math.SmallestNonzeroFloat32
	}
	req.MaxTokens = o.MaxTokens
	req.Seed = o.Seed
	if openai.NewReasoningValidator().Validate(*req) != nil {
		req.Temperature = 0
		req.MaxTokens, req.MaxCompletionTokens = 0, o.MaxTokens
	}
}
