package mllm

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Limits on a plan, the same as the executor protocol's (docs/executor-protocol.md): a plan the
// executor would refuse is refused here, where the model can still be asked again.
const (
	MaxSteps     = 64
	MaxStepBytes = 1000
)

// numbering matches a step's leading number or bullet: "1. ", "2) ", "Step 3:", "- ", "* " (but not
// the "1." of "1.5 meters").
var numbering = regexp.MustCompile(`(?i)^\s*(?:(?:step\s*)?\d+\s*(?:[.)]\s+|:\s*|-\s+)|[-*•]\s+)`)

// SplitSteps splits a plan written as one string ("1. A person walks…; 2. A person turns…", or
// one action per line) into its steps, without numbers or bullets; empty pieces are dropped.
func SplitSteps(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		for _, piece := range strings.Split(line, ";") {
			piece = strings.TrimSpace(numbering.ReplaceAllString(piece, ""))
			if piece != "" {
				out = append(out, piece)
			}
		}
	}
	return out
}

// readSteps reads a plan field written as a string, a list of strings, or a list of objects with
// an "action" (or "step", "text", "description") each.
func readSteps(raw json.RawMessage) ([]string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return SplitSteps(s), nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("want the plan as a string of steps separated by \";\" or a list of steps")
	}
	var out []string
	for i, item := range list {
		step, err := readStep(item)
		if err != nil {
			return nil, fmt.Errorf("plan step %d: %v", i+1, err)
		}
		out = append(out, SplitSteps(step)...)
	}
	return out, nil
}

// readStep reads one list item: a string, or an object naming the action.
func readStep(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) == nil {
		if a := normalise(obj).text("action", "step", "text", "description"); a != "" {
			return a, nil
		}
	}
	return "", fmt.Errorf("want a string such as \"A person walks forward about 1 meter\"")
}

// checkSteps validates a plan: 1 to MaxSteps steps, each at most MaxStepBytes.
func checkSteps(steps []string) error {
	if len(steps) == 0 {
		return fmt.Errorf("the plan has no steps")
	}
	if len(steps) > MaxSteps {
		return fmt.Errorf("the plan has %d steps; want at most %d", len(steps), MaxSteps)
	}
	for i, s := range steps {
		if len(s) > MaxStepBytes {
			return fmt.Errorf("step %d is %d bytes long; want at most %d", i+1, len(s), MaxStepBytes)
		}
	}
	return nil
}
