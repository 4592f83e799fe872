package bench

import (
	"bytes"
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"interactagent/agent"
)

// plotFile is one of a report's plots: its file, its title, how it is drawn and, when not every
// bench has it, which do.
type plotFile struct {
	file, title string
	draw        func(rep *Report) (figure, error)
	drawn       func(rep *Report) bool
}

// figure is a plot's panels, laid out in rows of cols, on an image of w × h.
type figure struct {
	panels []*plot.Plot
	cols   int
	w, h   vg.Length
}

// plotFiles are the report's plots, in the order report.md lists them.
var plotFiles = []plotFile{
	{"sr_by_mode.png", "success rate by mode and complexity", srByModePlots, nil},
	{"sr_by_round.png", "success rate against the reflection round, and the stopping rounds", srByRoundPlots,
		func(rep *Report) bool { return len(reflecting(rep)) > 0 }},
	{"penetration.png", "penetration (pe_max) per mode", penetrationPlots, nil},
	{"vqus.png", "VQUs per task and mode", vquPlots, nil},
	{"judging.png", "the stop check and online observation against the evaluator, per mode", judgingPlots, nil},
}

// plotsOf returns the plots a report has.
func plotsOf(rep *Report) []plotFile {
	var out []plotFile
	for _, p := range plotFiles {
		if p.drawn == nil || p.drawn(rep) {
			out = append(out, p)
		}
	}
	return out
}

// WritePlots draws the report's plots as PNG files in dir: of the trials on the bench's first body
// when it ran several (a plot has a bar or a line per mode).
func (rep *Report) WritePlots(dir string) error {
	for _, p := range plotsOf(rep) {
		fig, err := p.draw(rep.firstBody())
		if err != nil {
			return fmt.Errorf("bench: %s: %w", p.file, err)
		}
		data, err := fig.png()
		if err != nil {
			return fmt.Errorf("bench: %s: %w", p.file, err)
		}
		if err := writeFile(filepath.Join(dir, p.file), data); err != nil {
			return err
		}
	}
	return nil
}

// png draws the figure and encodes it as PNG.
func (f figure) png() ([]byte, error) {
	img := vgimg.NewWith(vgimg.UseWH(f.w, f.h), vgimg.UseDPI(110))
	dc := draw.New(img)
	cols := max(f.cols, 1)
	tiles := draw.Tiles{Rows: (len(f.panels) + cols - 1) / cols, Cols: cols, PadX: vg.Centimeter, PadY: vg.Centimeter,
		PadTop: vg.Millimeter * 3, PadBottom: vg.Millimeter * 3, PadLeft: vg.Millimeter * 3, PadRight: vg.Millimeter * 3}
	for i, p := range f.panels {
		p.Draw(tiles.At(dc, i%cols, i/cols))
	}
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// modeColors give each mode one colour in every plot.
var modeColors = map[agent.Mode]color.RGBA{
	agent.Naive:   {R: 0x88, G: 0x88, B: 0x88, A: 0xff},
	agent.Online:  {R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	agent.Offline: {R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	agent.Full:    {R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
}

// newPlot returns a plot with a title, axis labels, a light grid and the legend on top.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, x, y
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Legend.Top, p.Legend.Left = true, false
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	grid.Horizontal.Color = color.Gray{Y: 0xdd}
	p.Add(grid)
	return p
}

// groupedBars adds one bar series per group to p, side by side at each x position, each coloured
// and named in the legend; values[g][x] is group g's bar at x. Labels over the bars show
// label(value) when label is not nil.
func groupedBars(p *plot.Plot, names []string, colors []color.Color, values [][]float64, barWidth vg.Length, label func(float64) string) error {
	for g, vals := range values {
		bars, err := plotter.NewBarChart(plotter.Values(vals), barWidth)
		if err != nil {
			return err
		}
		bars.Color, bars.LineStyle.Width = colors[g], 0
		bars.Offset = barWidth * vg.Length(2*g-len(values)+1) / 2
		p.Add(bars)
		p.Legend.Add(names[g], bars)
		if label != nil {
			if err := barLabels(p, bars, vals, label); err != nil {
				return err
			}
		}
	}
	return nil
}

// barLabels writes label(v) just above each bar.
func barLabels(p *plot.Plot, bars *plotter.BarChart, vals []float64, label func(float64) string) error {
	xy := plotter.XYLabels{XYs: make(plotter.XYs, len(vals)), Labels: make([]string, len(vals))}
	for i, v := range vals {
		xy.XYs[i] = plotter.XY{X: float64(i), Y: v}
		xy.Labels[i] = label(v)
	}
	l, err := plotter.NewLabels(xy)
	if err != nil {
		return err
	}
	for i := range l.TextStyle {
		l.TextStyle[i].Font.Size = vg.Points(7)
		l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = draw.XCenter, draw.YBottom
		l.Offset = vg.Point{X: bars.Offset, Y: vg.Points(2)}
	}
	p.Add(l)
	return nil
}

// percentAxis makes p's y axis run from 0 to 100 % with a tick every 20, leaving room above for
// the legend and the bars' labels.
func percentAxis(p *plot.Plot) {
	p.Y.Min, p.Y.Max = 0, 128
	p.Y.Tick.Marker = plot.TickerFunc(func(float64, float64) []plot.Tick {
		var out []plot.Tick
		for v := 0; v <= 100; v += 20 {
			out = append(out, plot.Tick{Value: float64(v), Label: strconv.Itoa(v)})
		}
		return out
	})
}
