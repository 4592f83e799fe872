package openai

import "strings"

// Think tags: some reasoning models served behind OpenAI-compatible APIs (Qwen3, DeepSeek-R1 on
// vLLM or Ollama without a reasoning parser) write their thinking into the content between
// these tags, before the answer; braces in that thinking would confuse the JSON extraction.
const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// splitThink separates the thinking before the answer from the answer. Thinking is a leading
// <think> block, or everything before a </think> that was never opened (chat templates that open
// the block themselves, in the prompt). A block opened and never closed is all thinking and no
// answer: the reply was cut short. Content without either tag is all answer.
func splitThink(content string) (thought, answer string) {
	rest := strings.TrimLeft(content, " \t\r\n")
	opened := strings.HasPrefix(rest, thinkOpen)
	if opened {
		rest = rest[len(thinkOpen):]
	}
	i := strings.Index(rest, thinkClose)
	switch {
	case i >= 0:
		return strings.TrimSpace(rest[:i]), strings.TrimSpace(rest[i+len(thinkClose):])
	case opened:
		return strings.TrimSpace(rest), ""
	}
	return "", content
}
