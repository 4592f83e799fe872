package bench

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"interactagent/agent"
	"interactagent/task"
)

// srByModePlots draws success by complexity, a group of bars per complexity and a bar per mode,
// under the released rule (left) and the strict one (right).
func srByModePlots(rep *Report) (figure, error) {
	var panels []*plot.Plot
	for _, rule := range Rules {
		p := newPlot("success rate, "+rule+" rule", "task complexity", "success rate (%)")
		var names []string
		var colors []color.Color
		var values [][]float64
		for _, row := range rep.Rows {
			names, colors = append(names, string(row.Mode)), append(colors, modeColors[row.Mode])
			var v []float64
			for _, c := range task.Complexities() {
				pc, _ := row.Success[rule][c].Percent()
				v = append(v, pc)
			}
			values = append(values, v)
		}
		if err := groupedBars(p, names, colors, values, barWidth(len(values), 3), func(v float64) string { return fmt.Sprintf("%.0f", v) }); err != nil {
			return figure{}, err
		}
		p.NominalX(complexityNames(rep)...)
		percentAxis(p)
		panels = append(panels, p)
	}
	return figure{panels, 2, 11 * vg.Inch, 4.5 * vg.Inch}, nil
}

// complexityNames labels the complexities with their task counts.
func complexityNames(rep *Report) []string {
	counts := rep.Manifest.Suite.Count()
	var out []string
	for _, c := range task.Complexities() {
		out = append(out, fmt.Sprintf("%s (%d tasks)", c, counts[c]))
	}
	return out
}

// barWidth fits groups of bars side by side into slots; the plot is about 4.5 inches wide.
func barWidth(groups, slots int) vg.Length {
	return min(vg.Length(4.2*72*0.8)/vg.Length(max(groups*slots, 1)), 28)
}

// reflecting returns the reflecting modes of the bench, in its order.
func reflecting(rep *Report) []agent.Mode {
	var out []agent.Mode
	for _, m := range rep.Manifest.Modes {
		if m == agent.Offline || m == agent.Full {
			out = append(out, m)
		}
	}
	return out
}

// srByRoundPlots draws, for the reflecting modes, the success rate had each run stopped at round
// r (left; released solid, strict dashed) and how many trials stopped at each round (right). A
// bench without a reflecting mode has no such plot.
func srByRoundPlots(rep *Report) (figure, error) {
	left := newPlot("success if the run had stopped at round r", "reflection round r", "success rate (%)")
	right := newPlot("stopping round (first passing check)", "round", "trials")
	modes, nMax := reflecting(rep), rep.Manifest.Config.NMax
	for _, m := range modes {
		if err := srLines(left, rep, m, nMax); err != nil {
			return figure{}, err
		}
	}
	left.X.Min, left.X.Max = 0.8, float64(nMax)+0.2
	percentAxis(left)
	left.X.Tick.Marker = intTicks{}
	var names []string
	var colors []color.Color
	var values [][]float64
	for _, m := range modes {
		names, colors, values = append(names, string(m)), append(colors, modeColors[m]), append(values, stopCounts(rep, m, nMax))
	}
	if err := groupedBars(right, names, colors, values, barWidth(len(values), nMax+1), func(v float64) string { return strconv.Itoa(int(v)) }); err != nil {
		return figure{}, err
	}
	var ticks []string
	for r := 1; r <= nMax; r++ {
		ticks = append(ticks, strconv.Itoa(r))
	}
	right.NominalX(append(ticks, "none passed")...)
	right.Y.Min, right.Y.Tick.Marker = 0, countTicks{}
	return figure{[]*plot.Plot{left, right}, 2, 11 * vg.Inch, 4.5 * vg.Inch}, nil
}

// srLines adds a mode's success against the round, a line per rule.
func srLines(p *plot.Plot, rep *Report, m agent.Mode, nMax int) error {
	for _, rule := range Rules {
		xy := make(plotter.XYs, nMax)
		for r := 1; r <= nMax; r++ {
			ok, n := 0, 0
			for _, res := range rep.Results {
				if res.Mode == m {
					n++
					if res.SuccessAt(rule, r) {
						ok++
					}
				}
			}
			xy[r-1] = plotter.XY{X: float64(r), Y: 100 * float64(ok) / float64(max(n, 1))}
		}
		line, points, err := plotter.NewLinePoints(xy)
		if err != nil {
			return err
		}
		line.Color, points.Color, line.Width = modeColors[m], modeColors[m], vg.Points(2)
		points.Shape = draw.CircleGlyph{}
		if rule == "strict" {
			line.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
			points.Shape = draw.TriangleGlyph{}
		}
		p.Add(line, points)
		p.Legend.Add(fmt.Sprintf("%s, %s", m, rule), line, points)
	}
	return nil
}

// stopCounts counts a mode's trials by the first round whose check passed (1..nMax), and those
// where none did (last).
func stopCounts(rep *Report, m agent.Mode, nMax int) []float64 {
	out := make([]float64, nMax+1)
	for _, r := range rep.Results {
		if r.Mode != m || len(r.Rounds) == 0 {
			continue
		}
		if r.FirstPass >= 1 && r.FirstPass <= nMax {
			out[r.FirstPass-1]++
		} else {
			out[nMax]++
		}
	}
	return out
}

// countTicks marks counts: whole numbers at a step of 1, 2 or 5 times a power of ten, at most
// about six of them.
type countTicks struct{}

// Ticks implements plot.Ticker.
func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for i := 0; (hi-lo)/step > 6; i++ {
		step *= []float64{2, 2.5, 2}[i%3]
	}
	var out []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		out = append(out, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return out
}

// intTicks marks whole numbers only.
type intTicks struct{}

// Ticks implements plot.Ticker.
func (intTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for v := float64(int(lo)); v <= hi; v++ {
		if v >= lo {
			out = append(out, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
		}
	}
	return out
}

// penetrationPlots draws a box of the output rounds' pe_max per mode, titled with the body they
// were measured on (the report's first: WritePlots draws one body's trials).
func penetrationPlots(rep *Report) (figure, error) {
	p := newPlot("penetration of the output round ("+rep.Manifest.BodyNames()[0]+" body)",
		"mode (trials with motion); boxes: quartiles and median, whiskers: 1.5 × IQR, circles: outliers", "pe_max (m × SMPL-X vertices)")
	var names []string
	for i, row := range rep.Rows {
		var v plotter.Values
		for _, r := range rep.Results {
			if f := r.FinalRound(); r.Mode == row.Mode && f != nil {
				v = append(v, f.PeMax)
			}
		}
		names = append(names, fmt.Sprintf("%s (%d)", row.Mode, len(v)))
		if len(v) == 0 {
			continue
		}
		box, err := plotter.NewBoxPlot(vg.Points(40), float64(i), v)
		if err != nil {
			return figure{}, err
		}
		box.FillColor = modeColors[row.Mode]
		p.Add(box)
	}
	p.NominalX(names...)
	p.Y.Min = 0
	return figure{[]*plot.Plot{p}, 1, 8 * vg.Inch, 5 * vg.Inch}, nil
}

// tasksPerRow is how many tasks one row of the VQU plot shows.
const tasksPerRow = 24

// vquPlots draws each task's VQUs (mean over seeds) as a group of bars, a bar per mode, in rows of
// at most tasksPerRow tasks sharing one scale.
func vquPlots(rep *Report) (figure, error) {
	var tasks []string
	for _, t := range rep.Manifest.Suite.Tasks {
		tasks = append(tasks, t.ID)
	}
	top := 0.0
	for _, row := range rep.Rows {
		for _, v := range meanVQUs(rep, row.Mode, tasks) {
			top = max(top, v)
		}
	}
	var fig figure
	for start := 0; start < len(tasks); start += tasksPerRow {
		part := tasks[start:min(start+tasksPerRow, len(tasks))]
		p, err := vquRow(rep, part, fmt.Sprintf("VQUs per task (images sent to the model; mean over seeds), tasks %d–%d of %d", start+1, start+len(part), len(tasks)))
		if err != nil {
			return figure{}, err
		}
		p.Y.Min, p.Y.Max = 0, top*1.15+1
		fig.panels = append(fig.panels, p)
	}
	slot := vg.Points(7)
	fig.cols = 1
	fig.w = max(8*vg.Inch, slot*vg.Length(min(len(tasks), tasksPerRow)*(len(rep.Rows)+1))+1.5*vg.Inch)
	fig.h = 3.6 * vg.Inch * vg.Length(len(fig.panels))
	return fig, nil
}

// vquRow draws one row of the VQU plot.
func vquRow(rep *Report, tasks []string, title string) (*plot.Plot, error) {
	p := newPlot(title, "", "VQUs")
	var names []string
	var colors []color.Color
	var values [][]float64
	for _, row := range rep.Rows {
		names, colors = append(names, string(row.Mode)), append(colors, modeColors[row.Mode])
		values = append(values, meanVQUs(rep, row.Mode, tasks))
	}
	if err := groupedBars(p, names, colors, values, vg.Points(7), nil); err != nil {
		return nil, err
	}
	p.NominalX(tasks...)
	p.X.Tick.Label.Rotation = math.Pi / 2
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	return p, nil
}

// meanVQUs returns a mode's mean VQUs per task, over the seeds with a result.
func meanVQUs(rep *Report, m agent.Mode, tasks []string) []float64 {
	out := make([]float64, len(tasks))
	for i, id := range tasks {
		sum, n := 0, 0
		for _, r := range rep.Results {
			if r.Mode == m && r.Task == id {
				sum, n = sum+r.Costs.VQUs, n+1
			}
		}
		if n > 0 {
			out[i] = float64(sum) / float64(n)
		}
	}
	return out
}
