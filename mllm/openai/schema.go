package openai

import "encoding/json"

// schema is the JSON schema a role's reply must fit when the server supports strict structured
// output. The schemas follow the reply shapes of the paper's prompts (REFERENCE.md §1), with two
// choices of ours: "reasoning" (or the analysis) comes first, since a model writes the fields in
// schema order and should think before it decides; and every field is required, as strict mode
// demands, so fields that apply to one decision only are "" otherwise.
type schema struct {
	name string
	body json.RawMessage
}

// The schemas of the four roles that answer in JSON; scene analysis is free text and has none.
var (
	planSchema = &schema{"plan", json.RawMessage(`{
  "type": "object",
  "properties": {
    "reasoning": {"type": "string", "description": "how the plan reaches the goal: distances, turns, obstacles"},
    "plan": {"type": "string", "description": "the steps, numbered and separated by semicolons: \"1. A person ...; 2. A person ...\""}
  },
  "required": ["reasoning", "plan"],
  "additionalProperties": false
}`)}

	observeSchema = &schema{"observation", json.RawMessage(`{
  "type": "object",
  "properties": {
    "reasoning": {"type": "string", "description": "what the ghost image shows the body did in this step"},
    "issues": {"type": "array", "items": {
      "type": "object",
      "properties": {
        "type": {"type": "string", "enum": ["collision", "penetration", "drift", "undershoot", "overshoot", "wrong_direction", "unstable_pose"]},
        "evidence": {"type": "string"}
      },
      "required": ["type", "evidence"],
      "additionalProperties": false
    }},
    "decision": {"type": "string", "enum": ["continue", "redo", "replan"]},
    "score": {"type": "number", "description": "from 0 (the step failed) to 1 (it did exactly what was meant)"},
    "redo_action": {"type": "string", "description": "for redo: the corrected action; otherwise \"\""},
    "replan_hint": {"type": "string", "description": "for replan: what the remaining steps must change; otherwise \"\""},
    "stop": {"type": "boolean", "description": "true only when the whole task is already done"}
  },
  "required": ["reasoning", "issues", "decision", "score", "redo_action", "replan_hint", "stop"],
  "additionalProperties": false
}`)}

	reflectSchema = &schema{"reflection", json.RawMessage(`{
  "type": "object",
  "properties": {
    "failure_analysis": {"type": "string", "description": "why the earlier rounds fell short, step by step"},
    "strategy": {"type": "string", "description": "what the next round does differently"},
    "plan": {"type": "string", "description": "the new steps, numbered and separated by semicolons"},
    "delta": {"type": "string", "description": "what changed from the last round's plan"}
  },
  "required": ["failure_analysis", "strategy", "plan", "delta"],
  "additionalProperties": false
}`)}

	checkSchema = &schema{"verdict", json.RawMessage(`{
  "type": "object",
  "properties": {
    "reason": {"type": "string", "description": "what the ghost image shows of each part of the task"},
    "status": {"type": "string", "enum": ["Pass", "Fail"]}
  },
  "required": ["reason", "status"],
  "additionalProperties": false
}`)}
)
