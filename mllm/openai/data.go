package openai

import (
	"fmt"
	"strings"

	"interactagent/mllm"
)

// promptData is what the templates are given. Every role fills the common part; each fills its
// own fields and leaves the others zero. Numbers are already words ("2.3 m away, 40° to the
// left"), so that a user's own template need not format anything.
type promptData struct {
	Task        string
	Description string       // the scene analysis; "" for the analysis itself
	Room        string       // "about 6.0 × 4.5 m", or ""
	Start       string       // the person's start pose in the scene's coordinates
	Objects     []objectFact // the labelled objects, placed relative to the start pose
	Images      []string     // what each attached image shows, in the order attached
	Feedback    string       // measured numbers in hybrid mode, "" in the paper's visual mode
	Lessons     string       // what the reflection behind this round's plan concluded, "" in round 1
	MaxSteps    int

	// Planning. Replanning is set when part of the task is done: Done holds the accepted actions,
	// Now where the body stands, NowObjects the objects from there, Hint the observer's wish.
	Replanning bool
	Done       []string
	Now        string
	NowObjects []objectFact
	Hint       string

	// Observation: the plan, which step (1-based), its action, the earlier attempts at it, and
	// which image shows it.
	Plan      []string
	Step      int
	Action    string
	Attempts  []attemptFact
	StepImage string

	// Reflection: every earlier round, oldest first.
	Rounds []roundFact
}

// attemptFact is one earlier attempt at a step, in words.
type attemptFact struct {
	Action, Decision, Score, Issues, Feedback string
}

// roundFact is one round of the memory, in words; Picture names its image ("Image 2", "tile 2 of
// the image") or is "" when the caller left the image out.
type roundFact struct {
	Index    int
	Plan     []string
	Steps    []stepFact
	Picture  string
	Verdict  string
	Feedback string
}

// stepFact is one step of a round: the action accepted and the attempts at it.
type stepFact struct {
	Action   string
	Attempts []attemptFact
}

// common fills what every role is told; images are the descriptions of the attached views.
func common(c mllm.Context, images []string) promptData {
	return promptData{
		Task: c.Task, Description: c.Description, Room: roomText(c.Scene), Start: poseText(c.Start),
		Objects: objectFacts(c.Scene, c.Start), Images: images, Lessons: c.Lessons, MaxSteps: mllm.MaxSteps,
	}
}

// imageLines describes the attached views, one line each.
func imageLines(vs []view) []string {
	var out []string
	for _, v := range vs {
		out = append(out, describe(v.name, v.caption))
	}
	return out
}

// pictureName names the k-th (0-based) non-empty image of a request as the text refers to it:
// a tile of the one image when the request's images are tiled.
func pictureName(k, total int, tiledViews bool) string {
	if tiledViews && total > 1 {
		return fmt.Sprintf("tile %d of the image", k+1)
	}
	return fmt.Sprintf("Image %d", k+1)
}

// attemptFacts words a step's earlier attempts.
func attemptFacts(as []mllm.Attempt) []attemptFact {
	var out []attemptFact
	for _, a := range as {
		out = append(out, attemptFact{Action: a.Action, Decision: string(a.Decision),
			Score: fmt.Sprintf("%.2f", a.Score), Issues: issuesText(a.Issues), Feedback: a.Feedback})
	}
	return out
}

// issuesText words a list of issues: "undershoot (walked 0.8 m of 1.5); drift".
func issuesText(is []mllm.Issue) string {
	var parts []string
	for _, i := range is {
		if i.Evidence == "" {
			parts = append(parts, i.Type)
		} else {
			parts = append(parts, i.Type+" ("+i.Evidence+")")
		}
	}
	return strings.Join(parts, "; ")
}

// verdictText words a stop check's verdict.
func verdictText(v *mllm.Verdict) string {
	switch {
	case v == nil:
		return ""
	case v.Pass:
		return strings.TrimSpace("Pass. " + v.Reason)
	}
	return strings.TrimSpace("Fail. " + v.Reason)
}
