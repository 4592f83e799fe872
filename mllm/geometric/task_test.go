package geometric

import (
	"strings"
	"testing"

	"interactagent/scene"
	"interactagent/scene/furniture"
)

func room(t *testing.T, name string) *scene.Scene {
	t.Helper()
	s, err := furniture.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// goalsOf understands task in the room and returns "kind object[ hand]" per goal.
func goalsOf(t *testing.T, s *scene.Scene, task string) ([]string, error) {
	t.Helper()
	gs, err := understand(task, s, newResolver(s, s.Start))
	var out []string
	for _, g := range gs {
		d := g.kind.String()
		if g.object != nil {
			d += " " + g.object.ID
		}
		if g.hand != "" {
			d += " " + g.hand
		}
		out = append(out, d)
	}
	return out, err
}

func TestUnderstandInstructions(t *testing.T) {
	cases := []struct {
		room, task string
		want       []string
	}{
		{"living_room", "Walk to the sofa, sit down on it, then go and lie on the bed", nil}, // no bed: error below
		{"living_room", "walk to the sofa and sit on it", []string{"walk to sofa_1", "sit on sofa_1"}},
		{"living_room", "Sit on the armchair, then walk to the bookshelf and touch it with your right hand.", []string{"sit on armchair_1", "walk to bookshelf_1", "touch bookshelf_1 right"}},
		{"living_room", "touch the coffee table with your left hand", []string{"touch coffee_table_1 left"}},
		{"living_room", "Go to the couch. Then lie down on the couch.", []string{"walk to sofa_1", "lie on sofa_1"}},
		{"bedroom", "sit on the chair at the desk, then stand up and lie on the bed", []string{"sit on chair_1", "stand up", "lie on bed_1"}},
		{"bedroom", "walk to the plant by the bed", []string{"walk to plant_1"}},
		{"dining_room", "sit on the second chair", []string{"sit on chair_6"}}, // chair_4 is the nearest to the start
		{"dining_room", "sit on chair_2", []string{"sit on chair_2"}},
		{"flat", "walk to the plant on the right", []string{"walk to plant_1"}},
		{"lounge", "walk to the cafe table and sit on the chair next to it", []string{"walk to cafe_table_1", "sit on chair_1"}},
		{"lounge", "sit on the big sofa, then sit on the other sofa", []string{"sit on sofa_1", "sit on sofa_2"}},
		{"office", "sit in the armchair", []string{"sit on armchair_1"}},
		{"bedroom", "Walk to the bed, sit on its edge, lie down on it, then get up.", []string{"walk to bed_1", "sit on bed_1", "lie on bed_1", "stand up"}},
		{"living_room", "Walk to the sofa, sit on it, stand up, then sit on it again.", []string{"walk to sofa_1", "sit on sofa_1", "stand up", "sit on sofa_1"}}, // the room has a TV stand
		{"bedroom", "lie on the bed and rest your head on the pillow", []string{"lie on bed_1"}},                                                                  // "head" is no verb here
	}
	for _, c := range cases {
		got, err := goalsOf(t, room(t, c.room), c.task)
		if c.want == nil {
			if err == nil || !strings.Contains(err.Error(), `no object in the scene fits`) || !strings.Contains(err.Error(), "sofa") {
				t.Errorf("%s %q: %v, %v; want an error listing what the scene has", c.room, c.task, got, err)
			}
			continue
		}
		if err != nil || strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%s %q:\n got %q (%v)\nwant %q", c.room, c.task, got, err, c.want)
		}
	}
}

func TestUnderstandRefusesWhatItCannotResolve(t *testing.T) {
	s := room(t, "bedroom")
	for task, msg := range map[string]string{
		"sit on the chair by the window": `"window": no object in the scene fits "window"`,
		"juggle three balls":             `I cannot tell what "juggle three balls" asks`,
		"walk to the piano":              `no object in the scene fits "walk to the piano"`,
		"":                               "asks nothing I can do",
	} {
		if _, err := goalsOf(t, s, task); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: %v, want %q", task, err, msg)
		}
	}
}
