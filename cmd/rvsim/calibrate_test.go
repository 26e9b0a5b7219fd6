package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const miniLog = `# a measured log in the reference format
Start ecb for 2 sec
./openssl-c-long
SM4-ECB 1169.30k 1340.26k 1396.99k 1404.78k 1388.54k 1384.45k
./openssl-zksed-rvi-aligned
SM4-ECB 3131.71k 4545.34k 5240.45k 5459.62k 5373.95k 5219.83k
Start gcm for 2 sec
./openssl-c-long
SM4-GCM 674.22k 805.44k 839.27k 853.16k 843.65k 847.73k
./openssl-zksed-rvi-aligned
SM4-GCM 1320.50k 1603.57k 1708.29k 1733.12k 1716.22k 1703.61k
Start gcm for 2 sec (with Zbb/Zbc)
./openssl-c-long
SM4-GCM 676.48k 808.00k 842.62k 849.92k 848.02k 848.02k
./openssl-other
SM4-GCM 2196.04k 3221.12k 3586.82k 3727.57k 3665.92k 3614.36k
Start ecb for 2 sec
./openssl-c-long
SM4-ECB 1175.97k 1340.45k 1398.02k 1406.46k 1395.52k 1377.56k
`

func TestParseSpeedLog(t *testing.T) {
	lg, err := parseSpeedLog("mini", strings.NewReader(miniLog))
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.blocks) != 4 || lg.blocks[3].series != 2 || lg.blocks[1].ghash != "c" || lg.blocks[2].ghash != "zbc" {
		t.Fatalf("blocks %+v", lg.blocks)
	}
	if r := lg.blocks[0].row("zksed"); r == nil || r.kbps[3] != 5459.62 || r.line != 6 {
		t.Errorf("zksed row %+v", r)
	}
	if lg.blocks[2].row("zksed") != nil {
		t.Error("an unknown build mapped to a variant")
	}
	if _, err := parseSpeedLog("bad", strings.NewReader("Start ecb\n./x\nSM4-ECB 1k 2k\n")); err == nil || !strings.Contains(err.Error(), "bad:3:") {
		t.Errorf("short row: %v", err)
	}
}

func TestCalibrateFitsTheClock(t *testing.T) {
	dir := kernelsForTest(t)
	log := filepath.Join(t.TempDir(), "speed.txt")
	os.WriteFile(log, []byte(strings.Split(miniLog, "Start gcm")[0]), 0o644)
	st, out, errs := rvsim("calibrate", "--core", "rocket", "--kernels", dir, "--measured", log, "--fit", "freq_mhz,branch.taken_bubble_cycles", "--min-size", "1024")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	for _, want := range []string{"freq_mhz", "branch.taken_bubble_cycles", "openssl-zksed-rvi-aligned", "R² (predicted against measured)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	st, out, _ = rvsim("calibrate", "--core", "rocket", "--fit", "list")
	if st != 0 || !strings.Contains(out, "unit.crypto.latency_cycles") {
		t.Errorf("--fit list: %d %q", st, out)
	}
	st, _, errs = rvsim("calibrate", "--core", "rocket", "--measured", log, "--fit", "unit.nope.latency_cycles")
	if st != exitUsage || !strings.Contains(errs, "no parameter") {
		t.Errorf("bad key: %d %q", st, errs)
	}
}
