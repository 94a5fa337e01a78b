// Evaluation supervisor of the hip target: hipcc for the host's AMD GPU
// (--offload-arch from rocminfo, or KWB_HIP_ARCH), the compiler's
// kernel-resource-usage remarks, and rocprofv3's counters, as a GpuToolchain
// of the compiled GPU targets' shared evaluation (gpusup.h). Never links
// kernel code: one kwb.result/1 document comes out on stdout.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor calibrate
//   supervisor resources LOG         (parses hipcc's resource remarks: tests)
//   supervisor rocprof CSV           (parses a recorded rocprofv3 counter CSV: tests)
//
// Exit status 3 (no document): the host cannot evaluate (no AMD GPU, no
// ROCm, hipcc missing); kwb retries it elsewhere and never blames the kernel.

#include "gpusup.h"
#include "rocprof.h"

namespace {

using namespace kwbhost;

struct AmdGpu
{
    bool present = false;
    std::string name, arch, problem;
};

std::string withoutColours(const std::string &text)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            while (i < text.size() && text[i] != 'm')
                ++i;
            continue;
        }
        out += text[i];
    }
    return out;
}

// The first GPU agent rocminfo lists (or the one HIP_VISIBLE_DEVICES names
// first): its marketing name and its gfx architecture.
AmdGpu queryGpu()
{
    AmdGpu g;
    Proc p = run({"rocminfo"}, 60, false);
    if (!p.exitedOk()) {
        // Its first line says why ("ROCk module is NOT loaded, possibly no
        // GPU devices"); what follows is libkmod's noise.
        const std::string said = trim(withoutColours(p.out + p.err));
        g.problem = p.exitedWith(127) ? "rocminfo is not installed (no ROCm on this host)"
                                      : "rocminfo " + describeExit(p) + ": " + excerpt(said.substr(0, said.find('\n')), 300);
        return g;
    }
    // rocminfo lists only what ROCR_VISIBLE_DEVICES lets through; HIP's
    // own variables choose among those.
    int wanted = 0;
    for (const char *var : {"HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"}) {
        if (const char *v = std::getenv(var); v && std::isdigit(static_cast<unsigned char>(*v))) {
            wanted = std::atoi(v);
            break;
        }
    }
    std::istringstream in(withoutColours(p.out));
    std::string line, name, marketing, type;
    int gpus = 0;
    auto closeAgent = [&] {
        if (type == "GPU" && !name.empty() && gpus++ == wanted && !g.present) {
            g.present = true;
            g.arch = name;
            g.name = marketing.empty() ? name : marketing;
        }
        name.clear();
        marketing.clear();
        type.clear();
    };
    auto field = [](const std::string &l, const std::string &key) -> std::optional<std::string> {
        const std::string t = trim(l);
        if (t.rfind(key + ":", 0) != 0)
            return std::nullopt;
        return trim(t.substr(key.size() + 1));
    };
    while (std::getline(in, line)) {
        if (trim(line).rfind("Agent ", 0) == 0)
            closeAgent();
        else if (auto v = field(line, "Name"); v && name.empty())
            name = *v;
        else if (auto m = field(line, "Marketing Name"))
            marketing = *m;
        else if (auto d = field(line, "Device Type"))
            type = *d;
    }
    closeAgent();
    if (!g.present)
        g.problem = "rocminfo lists no AMD GPU";
    return g;
}

struct ResourceFigures
{
    double vgprs = 0, sgprs = 0, agprs = 0, scratch = 0, lds = 0, vgprSpills = 0, sgprSpills = 0;
    double occupancy = NAN; // waves per SIMD: the lowest over the kernels
    int functions = 0;
    std::string summary;
};

// clang's -Rpass-analysis=kernel-resource-usage remarks, one block per
// kernel: "remark: Function Name: F", "remark:     VGPRs: 4", ….
ResourceFigures parseResources(const std::string &log)
{
    ResourceFigures f;
    std::istringstream in(log);
    std::string line, function, parts;
    auto flush = [&] {
        if (!function.empty())
            f.summary += (f.summary.empty() ? "" : "; ") + function + ":" + parts;
        parts.clear();
    };
    while (std::getline(in, line)) {
        const size_t at = line.find("remark: ");
        if (at == std::string::npos)
            continue;
        std::string text = line.substr(at + 8);
        if (const size_t tag = text.find(" [-Rpass-analysis"); tag != std::string::npos)
            text.resize(tag);
        text = trim(text);
        const size_t colon = text.rfind(": ");
        if (colon == std::string::npos)
            continue;
        const std::string key = text.substr(0, colon), value = trim(text.substr(colon + 2));
        if (key == "Function Name") {
            flush();
            function = value;
            ++f.functions;
            continue;
        }
        const double v = std::atof(value.c_str());
        if (key == "VGPRs")
            f.vgprs = std::max(f.vgprs, v);
        else if (key == "SGPRs")
            f.sgprs = std::max(f.sgprs, v);
        else if (key == "AGPRs")
            f.agprs = std::max(f.agprs, v);
        else if (key.rfind("ScratchSize", 0) == 0)
            f.scratch = std::max(f.scratch, v);
        else if (key.rfind("LDS Size", 0) == 0)
            f.lds = std::max(f.lds, v);
        else if (key == "VGPRs Spill")
            f.vgprSpills += v;
        else if (key == "SGPRs Spill")
            f.sgprSpills += v;
        else if (key.rfind("Occupancy", 0) == 0)
            f.occupancy = std::isnan(f.occupancy) ? v : std::min(f.occupancy, v);
        else
            continue;
        parts += " " + key + " " + value;
    }
    flush();
    return f;
}

std::string hipccBinary(const Config &cfg)
{
    return gpuCompiler(cfg, "KWB_HIPCC", "hipcc", "/opt/rocm/bin/hipcc");
}

class HipToolchain : public GpuToolchain
{
public:
    std::string archFlag() const override { return "--offload-arch=" + arch; }
    std::vector<std::string> language() const override { return {"-x", "hip"}; }
    std::string typesDefine() const override { return "-DKWB_HIP_TYPES"; }
    std::vector<std::string> resourceFlags() const override { return {"-Rpass-analysis=kernel-resource-usage"}; }
    void readResources(const std::string &log, Result &r) const override
    {
        const ResourceFigures f = parseResources(log);
        if (f.functions == 0)
            return;
        r.metrics["vgprs"] = f.vgprs;
        r.metrics["sgprs"] = f.sgprs;
        r.metrics["agprs"] = f.agprs;
        r.metrics["scratch_bytes"] = f.scratch;
        r.metrics["lds_bytes"] = f.lds;
        r.metrics["vgpr_spills"] = f.vgprSpills;
        r.metrics["sgpr_spills"] = f.sgprSpills;
        if (std::isfinite(f.occupancy))
            r.metrics["occupancy_waves_per_simd"] = f.occupancy;
        std::fprintf(stderr, "kwb: resources: %s\n", f.summary.c_str());
    }
    // The physical GPU: HIP's index chooses among what ROCR_VISIBLE_DEVICES
    // lets through.
    std::string lockName() const override
    {
        auto list = [](const char *var) {
            std::vector<std::string> items;
            std::istringstream in(std::getenv(var) ? std::getenv(var) : "");
            for (std::string item; std::getline(in, item, ',');)
                items.push_back(item);
            return items;
        };
        const std::vector<std::string> rocr = list("ROCR_VISIBLE_DEVICES");
        std::vector<std::string> hip = list("HIP_VISIBLE_DEVICES");
        if (hip.empty())
            hip = list("CUDA_VISIBLE_DEVICES");
        const size_t chosen = hip.empty() ? 0 : size_t(std::max(0, std::atoi(hip[0].c_str())));
        if (!rocr.empty())
            return "amdgpu" + (chosen < rocr.size() ? rocr[chosen] : rocr[0]);
        return "amdgpu" + std::to_string(chosen);
    }
    std::string clock() const override { return "hip-events"; }
    std::string timingPhrase() const override { return "timing with HIP events"; }
    void profile(Result &r, const Config &cfg, const std::string &candDir, const std::vector<std::string> &program,
                 double timeout) const override
    {
        profileWithRocprof(r, cfg, candDir, program, timeout,
                           Sandbox::forCompiledStage(currentFolder(), {program.front()}, {}));
    }
};

int evaluate(const std::string &candDir)
{
    const Config cfg = Config::read(candDir + "/eval.conf");
    Result r;
    HipToolchain tc;
    tc.compiler = hipccBinary(cfg);
    if (!prepareToolchain(tc, cfg, candDir, "kernel.hip",
                          "install ROCm's HIP, Debian: apt-get install hipcc libamdhip64-dev; or set KWB_HIPCC"))
        return kInfraExit;
    const AmdGpu gpu = queryGpu();
    tc.arch = gpuArch(cfg, "KWB_HIP_ARCH", gpu.present ? gpu.arch : "", "gfx90a");
    if (gpu.present)
        std::fprintf(stderr, "kwb: %s (%s): compiling for %s\n", gpu.name.c_str(), gpu.arch.c_str(), tc.arch.c_str());
    else
        std::fprintf(stderr, "kwb: no AMD GPU found (%s); compiling for %s\n", gpu.problem.c_str(), tc.arch.c_str());
    r.extra["device"] = "{\"name\":" + jsonString(gpu.present ? gpu.name : "") + ",\"arch\":" + jsonString(tc.arch)
        + "}";
    return evaluateCompiledGpu(candDir, cfg, tc, std::move(r));
}

int calibrate()
{
    const Config cfg = Config::read("calibrate.conf");
    const AmdGpu gpu = queryGpu();
    if (!gpu.present) {
        std::fprintf(stderr, "kwb: cannot calibrate: %s\n", gpu.problem.c_str());
        return kInfraExit;
    }
    return buildAndCalibrate({hipccBinary(cfg), "-O3", "--offload-arch=" + gpu.arch, "-DKWB_HIP", "-x", "hip"},
                             "gpucalibrate.cu");
}

int resourcesOf(const std::string &path)
{
    const ResourceFigures f = parseResources(readFile(path));
    std::printf("{\"functions\":%d,\"vgprs\":%s,\"sgprs\":%s,\"agprs\":%s,\"scratch_bytes\":%s,\"lds_bytes\":%s,"
                "\"vgpr_spills\":%s,\"sgpr_spills\":%s,\"occupancy_waves_per_simd\":%s}\n",
                f.functions, jsonNumber(f.vgprs).c_str(), jsonNumber(f.sgprs).c_str(), jsonNumber(f.agprs).c_str(),
                jsonNumber(f.scratch).c_str(), jsonNumber(f.lds).c_str(), jsonNumber(f.vgprSpills).c_str(),
                jsonNumber(f.sgprSpills).c_str(), jsonNumber(f.occupancy).c_str());
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
    if (mode == "resources" && argc == 3)
        return resourcesOf(argv[2]);
    if (mode == "rocprof" && argc == 3)
        return printRocprofMetrics(argv[2]);
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | calibrate | resources LOG | rocprof CSV\n");
    return 2;
}
