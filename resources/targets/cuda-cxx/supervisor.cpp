// Evaluation supervisor of the cuda-cxx target: nvcc, ptxas's figures and
// Nsight Compute as a GpuToolchain of the compiled GPU targets' shared
// evaluation (gpusup.h). Never links kernel code: one kwb.result/1 document
// comes out on stdout.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor calibrate
//   supervisor ncu-metrics CSV       (parses a recorded Nsight Compute CSV: tests)
//   supervisor ptxas LOG             (parses nvcc -Xptxas -v output: tests)
//   supervisor smi-conditions CSV    (parses recorded nvidia-smi samples: tests)
//
// Exit status 3 (no document): the host cannot evaluate (no GPU, no driver,
// nvcc missing); kwb retries it elsewhere and never blames the kernel.

#include "gpusup.h"
#include "ncu.h"

namespace {

using namespace kwbhost;

struct Gpu
{
    bool present = false;
    std::string name, computeCap, driver, problem;
};

// nvidia-smi's "--id=N" for the GPU the harness will see first (none when
// CUDA_VISIBLE_DEVICES does not name one by number).
std::vector<std::string> smiDevice()
{
    if (const char *visible = std::getenv("CUDA_VISIBLE_DEVICES"); visible && *visible) {
        const std::string first = std::string(visible).substr(0, std::string(visible).find(','));
        if (!first.empty() && first.find_first_not_of("0123456789") == std::string::npos)
            return {"--id=" + first};
    }
    return {};
}

// The GPU's clock, power and the reasons it slowed its clock, over the
// samples nvidia-smi took while the benchmark ran.
struct SmiConditions
{
    int samples = 0;
    double smMin = 0, smMax = 0, smTop = 0, powerMin = 0, powerMax = 0, powerLimit = 0;
    unsigned long long reasons = 0; ///< NVML's clocks event reasons, OR'ed over the samples
    bool hasClock = false, hasPower = false, hasReasons = false;
};

// NVML's clocks event reasons (nvmlClocksEventReasons) by bit.
const std::pair<unsigned long long, const char *> kSmiReasons[] = {
    {0x2, "applications_clocks"}, {0x4, "sw_power_cap"},     {0x8, "hw_slowdown"},
    {0x10, "sync_boost"},         {0x20, "sw_thermal"},      {0x40, "hw_thermal"},
    {0x80, "hw_power_brake"},     {0x100, "display_clocks"}};

// Reads `nvidia-smi --query-gpu=… --format=csv` by its header, whatever
// the order of its columns ("clocks.current.sm [MHz]", "power.draw [W]",
// "clocks_event_reasons.active", …); values with units ("1485 MHz") or
// without, "[N/A]" skipped. Samples of an idle GPU count only when every
// sample is idle.
SmiConditions parseSmiConditions(const std::string &csv)
{
    enum Column { Sm, SmTop, Power, Limit, Reasons, Other };
    std::vector<Column> columns;
    struct Sample
    {
        double values[Other] = {NAN, NAN, NAN, NAN, NAN};
        unsigned long long reasons = 0;
    };
    std::vector<Sample> samples;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) {
        line = trim(line);
        if (line.empty() || line[0] == '#')
            continue;
        const std::vector<std::string> f = csvFields(line);
        if (line.find("power.draw") != std::string::npos || line.find("clocks.") != std::string::npos) {
            columns.clear();
            for (std::string name : f) {
                name = trim(name.substr(0, name.find(" [")));
                columns.push_back(name == "clocks.current.sm" || name == "clocks.sm" ? Sm
                                  : name == "clocks.max.sm" || name == "clocks.max.sm_clock" ? SmTop
                                  : name == "power.draw" || name == "power.draw.instant" ? Power
                                  : name == "power.limit"                          ? Limit
                                  : name.find("reasons.active") != std::string::npos ? Reasons
                                                                                     : Other);
            }
            continue;
        }
        if (columns.empty() || f.size() != columns.size())
            continue;
        Sample s;
        for (size_t i = 0; i < f.size(); ++i) {
            const std::string v = trim(f[i]);
            if (columns[i] == Reasons) {
                if (v.rfind("0x", 0) == 0)
                    s.reasons = std::strtoull(v.c_str(), nullptr, 16);
                s.values[Reasons] = v.rfind("0x", 0) == 0 ? 1 : NAN;
            } else if (columns[i] != Other) {
                char *end = nullptr;
                const double x = std::strtod(v.c_str(), &end);
                if (end != v.c_str() && std::isfinite(x))
                    s.values[columns[i]] = x;
            }
        }
        samples.push_back(s);
    }
    const bool allIdle = std::all_of(samples.begin(), samples.end(), [](const Sample &s) { return s.reasons & 1; });
    SmiConditions c;
    auto widen = [](double v, double &lo, double &hi, bool &seen) {
        if (std::isnan(v))
            return;
        lo = seen ? std::min(lo, v) : v;
        hi = seen ? std::max(hi, v) : v;
        seen = true;
    };
    bool topSeen = false, limitSeen = false;
    for (const Sample &s : samples) {
        if ((s.reasons & 1) && !allIdle)
            continue;
        ++c.samples;
        widen(s.values[Sm], c.smMin, c.smMax, c.hasClock);
        widen(s.values[Power], c.powerMin, c.powerMax, c.hasPower);
        double ignored = 0;
        widen(s.values[SmTop], ignored, c.smTop, topSeen);
        widen(s.values[Limit], ignored, c.powerLimit, limitSeen);
        if (!std::isnan(s.values[Reasons])) {
            c.hasReasons = true;
            c.reasons |= s.reasons;
        }
    }
    return c;
}

// The result's "gpu_conditions" and the console's line; false without a sample.
bool describeConditions(const SmiConditions &c, std::string *json, std::string *line)
{
    if (c.samples == 0 || (!c.hasClock && !c.hasPower))
        return false;
    std::string reasons, words;
    for (const auto &[bit, name] : kSmiReasons) {
        if (c.reasons & bit) {
            reasons += (reasons.empty() ? "" : ",") + jsonString(name);
            std::string word = name;
            std::replace(word.begin(), word.end(), '_', ' ');
            words += (words.empty() ? "" : ", ") + word;
        }
    }
    auto range = [](double lo, double hi) {
        return "{\"min\":" + jsonNumber(lo) + ",\"max\":" + jsonNumber(hi) + "}";
    };
    auto figure = [](double v) {
        char b[32];
        std::snprintf(b, sizeof b, "%.0f", v);
        return std::string(b);
    };
    *json = "{\"samples\":" + std::to_string(c.samples);
    std::vector<std::string> parts;
    if (c.hasClock) {
        *json += ",\"sm_clock_mhz\":" + range(c.smMin, c.smMax);
        parts.push_back("SM clock " + figure(c.smMin) + (c.smMax > c.smMin ? "–" + figure(c.smMax) : "") + " MHz"
                        + (c.smTop > 0 ? " (of " + figure(c.smTop) + ")" : ""));
    }
    if (c.smTop > 0)
        *json += ",\"sm_clock_top_mhz\":" + jsonNumber(c.smTop);
    if (c.hasPower) {
        *json += ",\"power_w\":" + range(c.powerMin, c.powerMax);
        parts.push_back("power " + figure(c.powerMin) + (c.powerMax > c.powerMin ? "–" + figure(c.powerMax) : "")
                        + " W" + (c.powerLimit > 0 ? " of its " + figure(c.powerLimit) + " W limit" : ""));
    }
    if (c.powerLimit > 0)
        *json += ",\"power_limit_w\":" + jsonNumber(c.powerLimit);
    if (c.hasReasons) {
        *json += ",\"slowed_by\":[" + reasons + "]";
        parts.push_back(words.empty() ? "never slowed" : "slowed by " + words);
    }
    *json += "}";
    *line = "";
    for (const std::string &p : parts)
        *line += (line->empty() ? "" : ", ") + p;
    *line += " (" + std::to_string(c.samples) + (c.samples == 1 ? " sample)" : " samples)");
    return true;
}

// nvidia-smi's name for the reasons: clocks_event_reasons since driver
// R535, clocks_throttle_reasons before.
const std::string &smiReasonsField()
{
    static const std::string field =
        run({"nvidia-smi", "--query-gpu=clocks_event_reasons.active", "--format=csv,noheader"}, 30, false)
                .exitedOk()
            ? "clocks_event_reasons.active"
            : "clocks_throttle_reasons.active";
    return field;
}

// nvidia-smi answers without a CUDA context; its words go to the engineer
// when there is no usable device.
Gpu queryGpu()
{
    Gpu g;
    std::vector<std::string> argv = {"nvidia-smi", "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"};
    const std::vector<std::string> device = smiDevice();
    argv.insert(argv.end(), device.begin(), device.end());
    Proc p = run(argv, 30, false);
    if (!p.exitedOk()) {
        g.problem = p.exitedWith(127) ? "nvidia-smi is not installed (no NVIDIA driver on this host)"
                                      : "nvidia-smi " + describeExit(p) + ": " + trim(excerpt(p.out + p.err, 300));
        return g;
    }
    std::vector<std::string> f = csvFields(trim(p.out.substr(0, p.out.find('\n'))));
    if (f.size() < 3) {
        g.problem = "nvidia-smi lists no GPU";
        return g;
    }
    g.present = true;
    g.name = trim(f[0]);
    g.computeCap = trim(f[1]);
    g.driver = trim(f[2]);
    return g;
}

// "9.0" → "sm_90a" (Hopper's arch-specific features: wgmma, TMA), "8.6" → "sm_86".
std::string archFor(const std::string &computeCap)
{
    std::string digits;
    for (char c : computeCap) {
        if (std::isdigit(static_cast<unsigned char>(c)))
            digits += c;
    }
    if (digits.empty())
        return {};
    return "sm_" + digits + ((digits == "90" || digits == "100" || digits == "120") ? "a" : "");
}

struct PtxasFigures
{
    double registers = 0, spillStores = 0, spillLoads = 0, stack = 0, smem = 0;
    int functions = 0;
    std::string summary;
};

// nvcc -Xptxas -v: "Function properties for F / N bytes stack frame, N bytes
// spill stores, N bytes spill loads" and "Used N registers, … N bytes smem".
PtxasFigures parsePtxas(const std::string &log)
{
    PtxasFigures f;
    std::istringstream in(log);
    std::string line, function;
    auto number = [](const std::string &l, const std::string &before) -> double {
        const size_t at = l.find(before);
        if (at == std::string::npos)
            return NAN;
        size_t b = at;
        while (b > 0 && (std::isdigit(static_cast<unsigned char>(l[b - 1])) || l[b - 1] == '.'))
            --b;
        return b == at ? NAN : std::atof(l.substr(b, at - b).c_str());
    };
    while (std::getline(in, line)) {
        if (const size_t at = line.find("Compiling entry function '"); at != std::string::npos) {
            function = line.substr(at + 26, line.find('\'', at + 26) - at - 26);
            ++f.functions;
        }
        if (line.find("bytes stack frame") != std::string::npos) {
            f.stack = std::max(f.stack, number(line, " bytes stack frame"));
            const double st = number(line, " bytes spill stores"), ld = number(line, " bytes spill loads");
            f.spillStores += std::isfinite(st) ? st : 0;
            f.spillLoads += std::isfinite(ld) ? ld : 0;
        }
        if (line.find("Used ") != std::string::npos && line.find(" registers") != std::string::npos) {
            const double regs = number(line, " registers");
            const double smem = number(line, " bytes smem");
            if (std::isfinite(regs))
                f.registers = std::max(f.registers, regs);
            if (std::isfinite(smem))
                f.smem = std::max(f.smem, smem);
            f.summary += (f.summary.empty() ? "" : "; ") + (function.empty() ? std::string("kernel") : function) + ": "
                + trim(line.substr(line.find("Used ")));
        }
    }
    return f;
}

std::string nvccBinary(const Config &cfg)
{
    return gpuCompiler(cfg, "KWB_NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
}

class CudaToolchain : public GpuToolchain
{
public:
    std::string archFlag() const override { return "-arch=" + arch; }
    std::vector<std::string> language() const override { return {"-x", "cu"}; }
    // nvcc compiles host code with $NVCC_CCBIN, else the system's g++.
    std::string hostCompiler() const override
    {
        const char *cxx = std::getenv("NVCC_CCBIN");
        return cxx && *cxx ? cxx : "g++";
    }
    std::string typesDefine() const override { return "-DKWB_CUDA_TYPES"; }
    std::vector<std::string> resourceFlags() const override { return {"-Xptxas", "-v"}; }
    void readResources(const std::string &log, Result &r) const override
    {
        const PtxasFigures ptxas = parsePtxas(log);
        if (ptxas.functions == 0)
            return;
        r.metrics["registers"] = ptxas.registers;
        r.metrics["spill_stores_bytes"] = ptxas.spillStores;
        r.metrics["spill_loads_bytes"] = ptxas.spillLoads;
        r.metrics["stack_bytes"] = ptxas.stack;
        r.metrics["static_smem_bytes"] = ptxas.smem;
        std::fprintf(stderr, "kwb: ptxas: %s\n", ptxas.summary.c_str());
    }
    std::string lockName() const override { return visibleGpu(); }
    std::vector<std::string> conditionsSampler() const override
    {
        if (onPath("nvidia-smi").empty())
            return {};
        std::vector<std::string> argv = {
            "nvidia-smi", "--query-gpu=clocks.sm,clocks.max.sm,power.draw,power.limit," + smiReasonsField(),
            "--format=csv", "-lms", "100"};
        const std::vector<std::string> device = smiDevice();
        argv.insert(argv.end(), device.begin(), device.end());
        return argv;
    }
    bool readConditions(const std::string &csv, std::string *json, std::string *line) const override
    {
        return describeConditions(parseSmiConditions(csv), json, line);
    }
    std::string clock() const override { return "cuda-events"; }
    std::string timingPhrase() const override { return "timing with CUDA events"; }
    // ncu needs the driver's profiling rights, outside the sandbox (HACKING.md).
    void profile(Result &r, const Config &cfg, const std::string &candDir, const std::vector<std::string> &program,
                 double timeout) const override
    {
        profileOnce(r, cfg, candDir, program, timeout);
    }
};

int evaluate(const std::string &candDir)
{
    const Config cfg = Config::read(candDir + "/eval.conf");
    Result r;
    CudaToolchain tc;
    tc.compiler = nvccBinary(cfg);
    if (!prepareToolchain(tc, cfg, candDir, "kernel.cu", "install the CUDA toolkit, or set KWB_NVCC"))
        return kInfraExit;
    const Gpu gpu = queryGpu();
    tc.arch = gpuArch(cfg, "KWB_CUDA_ARCH", gpu.present ? archFor(gpu.computeCap) : "", "sm_90a");
    if (gpu.present)
        std::fprintf(stderr, "kwb: %s (compute capability %s, driver %s): compiling for %s\n", gpu.name.c_str(),
                     gpu.computeCap.c_str(), gpu.driver.c_str(), tc.arch.c_str());
    else
        std::fprintf(stderr, "kwb: no GPU found (%s); compiling for %s\n", gpu.problem.c_str(), tc.arch.c_str());
    r.extra["device"] = "{\"name\":" + jsonString(gpu.present ? gpu.name : "") + ",\"compute_capability\":"
        + jsonString(gpu.computeCap) + ",\"driver\":" + jsonString(gpu.driver) + ",\"arch\":" + jsonString(tc.arch)
        + "}";
    return evaluateCompiledGpu(candDir, cfg, tc, std::move(r));
}

int calibrate()
{
    const Config cfg = Config::read("calibrate.conf");
    const Gpu gpu = queryGpu();
    if (!gpu.present) {
        std::fprintf(stderr, "kwb: cannot calibrate: %s\n", gpu.problem.c_str());
        return kInfraExit;
    }
    return buildAndCalibrate({nvccBinary(cfg), "-O3", "-arch=" + archFor(gpu.computeCap)}, "gpucalibrate.cu",
                             {"-lcublas"});
}

// What cuda-cxx records of a GPU's conditions from nvidia-smi's samples
// in `path` (tests: a recorded capture).
int smiConditionsOf(const std::string &path)
{
    std::string json, line;
    if (!describeConditions(parseSmiConditions(readFile(path)), &json, &line))
        return 1;
    std::printf("%s\n", json.c_str());
    std::fprintf(stderr, "%s\n", line.c_str());
    return 0;
}

int ptxasOf(const std::string &path)
{
    const PtxasFigures f = parsePtxas(readFile(path));
    std::printf("{\"functions\":%d,\"registers\":%s,\"spill_stores_bytes\":%s,\"spill_loads_bytes\":%s,"
                "\"stack_bytes\":%s,\"static_smem_bytes\":%s}\n",
                f.functions, jsonNumber(f.registers).c_str(), jsonNumber(f.spillStores).c_str(),
                jsonNumber(f.spillLoads).c_str(), jsonNumber(f.stack).c_str(), jsonNumber(f.smem).c_str());
    return f.functions > 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    installSignalHandlers();
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "eval" && argc == 3)
        return evaluateLocked(argv[2], evaluate);
    if (mode == "calibrate")
        return calibrate();
    if (mode == "ncu-metrics" && argc == 3)
        return printNcuMetrics(argv[2]);
    if (mode == "ptxas" && argc == 3)
        return ptxasOf(argv[2]);
    if (mode == "smi-conditions" && argc == 3)
        return smiConditionsOf(argv[2]);
    std::fprintf(stderr,
                 "usage: supervisor eval CANDIDATE_DIR | calibrate | ncu-metrics CSV | ptxas LOG | smi-conditions CSV\n");
    return 2;
}
