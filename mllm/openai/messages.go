package openai

import (
	"fmt"

	"github.com/sashabaranov/go-openai"
)

// messages renders a request's conversation: the shared system prompt, then the role's prompt
// with its images.
func (m *Model) messages(r request) ([]openai.ChatCompletionMessage, error) {
	sys, err := m.prompts.render(systemPrompt, r.data)
	if err != nil {
		return nil, err
	}
	user, err := m.prompts.render(string(r.role)+".tmpl", r.data)
	if err != nil {
		return nil, err
	}
	return []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: sys},
		userMessage(user, r.views, openai.ImageURLDetail(m.opt.Detail)),
	}, nil
}

// userMessage is the prompt followed by each image, each announced by its number so that the
// prompt's "Image 2" can be found; without images it is plain text, which every server takes.
func userMessage(text string, vs []view, detail openai.ImageURLDetail) openai.ChatCompletionMessage {
	if len(vs) == 0 {
		return openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: text}
	}
	parts := []openai.ChatMessagePart{{Type: openai.ChatMessagePartTypeText, Text: text}}
	for i, v := range vs {
		parts = append(parts,
			openai.ChatMessagePart{Type: openai.ChatMessagePartTypeText, Text: fmt.Sprintf("Image %d:", i+1)},
			openai.ChatMessagePart{Type: openai.ChatMessagePartTypeImageURL, ImageURL: &openai.ChatMessageImageURL{URL: dataURL(v.png), Detail: detail}})
	}
	return openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, MultiContent: parts}
}

// reAsk appends the unusable reply and a message quoting what was wrong with it, so that the
// model answers again knowing why.
func reAsk(msgs []openai.ChatCompletionMessage, reply, problem string) []openai.ChatCompletionMessage {
	if reply == "" {
		reply = "(empty reply)" // some servers refuse an assistant message without content
	}
	return append(msgs,
		openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: reply},
		openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: reAskText(problem)})
}

// reAskText is the re-ask's words.
func reAskText(problem string) string {
	return "Your last reply could not be used: " + problem + ". Answer the same request again, exactly in the form it asks for, with nothing else."
}
