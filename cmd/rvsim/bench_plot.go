package main

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// bench --plot: the predicted throughput against buffer size, one line per mode and
// variant, above the speedup of each variant over the first one of its mode.

// plotFormat checks --plot's file name: .svg or .png.
func plotFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".svg", ".png":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("--plot %s: want a .svg or .png file name", path)
	}
}

// writeBenchPlot draws the runs into w as format ("svg" or "png").
func writeBenchPlot(w io.Writer, format string, runs []*benchRun, coreName string, freq float64) error {
	tp := plot.New()
	tp.Title.Text = fmt.Sprintf("predicted throughput on %s at %g MHz", coreName, freq)
	tp.X.Label.Text = "buffer size (bytes)"
	tp.Y.Label.Text = "MB/s"
	sp := plot.New()
	sp.Title.Text = "speedup over the first variant of each mode (lines as above)"
	sp.X.Label.Text = "buffer size (bytes)"
	sp.Y.Label.Text = "speedup (×)"
	for _, p := range []*plot.Plot{tp, sp} {
		// Both axes logarithmic: throughputs and speedups span orders of magnitude.
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
		p.Legend.Top, p.Legend.Left = true, true
		p.Add(plotter.NewGrid())
	}
	baseline := map[string]*benchRun{} // by mode
	for _, r := range runs {
		if _, ok := baseline[r.mode]; !ok {
			baseline[r.mode] = r
		}
	}
	for i, r := range runs {
		label := r.name(true)
		pts := make(plotter.XYs, len(r.results))
		for j, res := range r.results {
			pts[j] = plotter.XY{X: float64(res.size), Y: res.bps / 1e6}
		}
		if err := addLine(tp, label, pts, i, true); err != nil {
			return err
		}
		base := baseline[r.mode]
		var speed plotter.XYs
		for j, res := range r.results {
			if j < len(base.results) && base.results[j].size == res.size && base.results[j].bps > 0 {
				speed = append(speed, plotter.XY{X: float64(res.size), Y: res.bps / base.results[j].bps})
			}
		}
		if len(speed) > 0 {
			if err := addLine(sp, label, speed, i, false); err != nil {
				return err
			}
		}
	}
	// Room above the highest line for the legend (a decade and more on the log scale).
	tp.Y.Max *= math.Pow(10, 0.4*float64(len(runs))/3+0.3)
	width, height := 16*vg.Centimeter, 20*vg.Centimeter
	var canvas vg.CanvasWriterTo
	var dc draw.Canvas
	if format == "png" {
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(110), vgimg.UseBackgroundColor(plotWhite))
		dc, canvas = draw.New(c), vgimg.PngCanvas{Canvas: c}
	} else {
		c := vgsvg.New(width, height)
		dc, canvas = draw.New(c), c
	}
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadX: vg.Millimeter * 3, PadY: vg.Millimeter * 5,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 4}
	cs := plot.Align([][]*plot.Plot{{tp}, {sp}}, tiles, dc)
	tp.Draw(cs[0][0])
	sp.Draw(cs[1][0])
	_, err := canvas.WriteTo(w)
	return err
}

func addLine(p *plot.Plot, label string, pts plotter.XYs, i int, legend bool) error {
	l, s, err := plotter.NewLinePoints(pts)
	if err != nil {
		return fmt.Errorf("plotting %s: %v", label, err)
	}
	l.Color = plotutil.Color(i)
	l.Dashes = plotutil.Dashes(i / len(plotutil.DefaultColors))
	s.Color = plotutil.Color(i)
	s.Shape = plotutil.Shape(i)
	p.Add(l, s)
	if legend {
		p.Legend.Add(label, l, s)
	}
	return nil
}

// plotWhite is the PNG's background (vgimg's default is transparent).
var plotWhite = color.White
