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
#include "nvsmi.h"

namespace {

using namespace kwbhost;

struct Gpu
{
    bool present = false;
    std::string name, computeCap, driver, problem;
};

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
    std::vector<std::string> conditionsSampler() const override { return smiSampler(); }
    void recordConditions(Result &r, const std::string &csv) const override { recordSmiConditions(r, csv); }
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
