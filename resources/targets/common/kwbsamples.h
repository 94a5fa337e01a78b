// The benchmark's samples, shared by the C++ harnesses whose reference runs
// on the host (cpu-cxx's harness.cpp, opencl's harness.cpp): no timed call
// can be answered from an earlier one, and the timed program never holds an
// answer (issue 46, points 3 and 4).
//
//   - The benchmark's two input sets come from seeds drawn by the supervisor
//     for each evaluation. Before each timed call a few elements of its
//     inputs are changed (Change, drawn from the evaluation's change seed and
//     the sample's number) and changed back after it, so every call sees
//     inputs no earlier call saw: remembering an answer, by call, by pointer
//     or by content, buys nothing.
//   - Two samples are recorded (recordSample): one chosen at random by the
//     supervisor and the last, which repeats the random one's set and changes
//     exactly. Nothing marks the random one while it runs.
//   - The check program (KWB_WITH_REFERENCE) computes the random sample's
//     answer while the check runs (precomputeAnswer, a child, into a folder
//     the benchmark cannot see) and, after the benchmark, compares what was
//     recorded with the reference on the same inputs (verifySamples). The
//     benchmark program has no reference linked and reads no answer.
//
// Include it after kwbcheck.h, inside the harness's namespace (so the
// harness first includes <csignal>, <cstdio>, <cstdlib>, <cstring>,
// <string>, <vector>, <sys/prctl.h>, <sys/wait.h> and <unistd.h>). The harness
// defines elementSize(DType), put(), phase(const char *, uint64_t), and,
// with KWB_WITH_REFERENCE, links call_reference.
#pragma once

using Bytes = std::vector<unsigned char>;

// Bytes an output is poisoned with before every call, so an element the
// kernel never writes cannot pass: all ones is a NaN in every float type;
// integers get a pattern no small input sums to.
inline unsigned char poisonByte(const Tensor &t) { return isIntegerTensor(t) ? 0x5a : 0xff; }

inline size_t tensorBytes(const Tensor &t) { return size_t(t.elements) * elementSize(t.dtype); }

// One input element changed: which, where, and its raw bytes after and before.
struct Change
{
    int32_t input;
    int64_t index;
    uint64_t value, old;
};

// Changes per input before a sample's first call, and before each further one.
constexpr int kFirstChanges = 4, kLaterChanges = 1;

// Inputs that get changes (an input without elements gets none).
inline int changedInputs()
{
    int n = 0;
    for (int i = 0; i < num_inputs; ++i)
        n += inputs[i].elements > 0 ? 1 : 0;
    return n;
}

// The sample verified among `calls`, from the supervisor's draw: one of
// 2 .. calls-2 (the last replays it), calls-2 for fewer than five. The
// supervisor picks the same way (kwbhost.h's SampleSeeds::spotAmong).
inline int spotAmong(uint64_t draw, int calls)
{
    return calls >= 5 ? 2 + int(draw % uint64_t(calls - 3)) : calls - 2;
}

// A value from the tensor's range, as `fill` draws them, as raw bytes.
inline uint64_t drawRaw(const Tensor &t, SplitMix &rng)
{
    uint64_t raw = 0;
    put(t, &raw, 0, drawValue(t, rng));
    return raw;
}

// The changes a sample's calls run on: kFirstChanges elements per input
// before its first call, kLaterChanges more before each further call, drawn
// from the evaluation's change seed and the sample's number, so the check
// can compute a sample's answer before the benchmark runs it.
inline std::vector<Change> sampleChanges(uint64_t changeSeed, uint64_t sample, int calls)
{
    std::vector<Change> out;
    for (int c = 0; c < calls; ++c) {
        SplitMix rng{changeSeed ^ (sample * 0x9e3779b97f4a7c15ULL) ^ (uint64_t(c) * 0xc2b2ae3d27d4eb4fULL)};
        for (int i = 0; i < num_inputs; ++i) {
            for (int k = 0; k < (c == 0 ? kFirstChanges : kLaterChanges) && inputs[i].elements > 0; ++k)
                out.push_back({int32_t(i), int64_t(rng() % uint64_t(inputs[i].elements)), drawRaw(inputs[i], rng), 0});
        }
    }
    return out;
}

// Writes a change into host inputs, keeping the bytes it replaced.
inline void applyChange(void *const *inPtr, Change &c)
{
    const size_t size = elementSize(inputs[c.input].dtype);
    unsigned char *p = static_cast<unsigned char *>(inPtr[size_t(c.input)]) + size_t(c.index) * size;
    c.old = 0;
    std::memcpy(&c.old, p, size);
    std::memcpy(p, &c.value, size);
}

inline void undoChanges(void *const *inPtr, const std::vector<Change> &changes)
{
    for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
        const size_t size = elementSize(inputs[it->input].dtype);
        std::memcpy(static_cast<unsigned char *>(inPtr[size_t(it->input)]) + size_t(it->index) * size, &it->old, size);
    }
}

// What a sample ran on, as bytes: its set and what was written where.
inline Bytes sampleKey(char set, const std::vector<Change> &changes)
{
    Bytes key(1, (unsigned char)set);
    for (const Change &c : changes) {
        const unsigned char *fields[3] = {reinterpret_cast<const unsigned char *>(&c.input),
                                          reinterpret_cast<const unsigned char *>(&c.index),
                                          reinterpret_cast<const unsigned char *>(&c.value)};
        key.insert(key.end(), fields[0], fields[0] + sizeof c.input);
        key.insert(key.end(), fields[1], fields[1] + sizeof c.index);
        key.insert(key.end(), fields[2], fields[2] + sizeof c.value);
    }
    return key;
}

inline std::string samplePath(const std::string &dir, int sample, const std::string &what)
{
    return dir + "/sample-" + std::to_string(sample) + "-" + what;
}

inline bool writeFile(const std::string &path, const void *data, size_t bytes)
{
    FILE *f = std::fopen(path.c_str(), "wb");
    const bool ok = f && std::fwrite(data, 1, bytes, f) == bytes;
    if (f)
        std::fclose(f);
    return ok;
}

inline Bytes readFile(const std::string &path)
{
    Bytes out;
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
        unsigned char buf[65536];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
            out.insert(out.end(), buf, buf + n);
        std::fclose(f);
    }
    return out;
}

// Records sample number `index` for verifySamples: its set ('0' or '1'),
// its changes and its outputs (host copies). False when a file could not be
// written.
inline bool recordSample(const std::string &dir, int index, char set, const std::vector<Change> &changes,
                         const std::vector<const void *> &outputsOfCall)
{
    bool ok = writeFile(samplePath(dir, index, "set"), &set, 1);
    ok = writeFile(samplePath(dir, index, "changes"), changes.data(), changes.size() * sizeof(Change)) && ok;
    for (int o = 0; o < num_outputs; ++o)
        ok = writeFile(samplePath(dir, index, "out-" + std::to_string(o)), outputsOfCall[size_t(o)],
                       tensorBytes(outputs[o]))
            && ok;
    return ok;
}

// Host memory for one input set and its outputs, 64-byte aligned as the
// check's buffers are (no guards: only the reference runs on it).
struct HostSet
{
    std::vector<void *> inPtr, outPtr;
    HostSet()
    {
        for (int i = 0; i < num_inputs; ++i)
            inPtr.push_back(alloc(tensorBytes(inputs[i])));
        for (int o = 0; o < num_outputs; ++o)
            outPtr.push_back(alloc(tensorBytes(outputs[o])));
    }
    ~HostSet()
    {
        for (void *p : inPtr)
            std::free(p);
        for (void *p : outPtr)
            std::free(p);
    }
    static void *alloc(size_t bytes)
    {
        void *p = std::aligned_alloc(64, (std::max<size_t>(bytes, 1) + 63) / 64 * 64);
        if (!p) {
            std::fprintf(stderr, "harness: out of memory for the reference's buffers\n");
            std::abort();
        }
        return p;
    }
    HostSet(const HostSet &) = delete;
    HostSet &operator=(const HostSet &) = delete;
    void fillInputs(uint64_t seed)
    {
        for (int i = 0; i < num_inputs; ++i)
            fill(inputs[i], inPtr[size_t(i)], seed * 1000003ULL + uint64_t(i));
    }
    void poisonOutputs()
    {
        for (int o = 0; o < num_outputs; ++o)
            std::memset(outPtr[size_t(o)], poisonByte(outputs[o]), tensorBytes(outputs[o]));
    }
};

#ifdef KWB_WITH_REFERENCE

// What the benchmark's answers are checked against, computed while the check
// runs: one run of the reference on the inputs of the sample the benchmark
// will verify, for a kernel it calls once per sample (a fast one is called
// several times; verifySamples then runs the reference itself). A child
// process, so a reference that is not thread-safe is safe, and nothing of
// it is in the benchmark. Call it before anything starts threads (an OpenCL
// runtime): the child only computes.
inline pid_t precomputeAnswer(uint64_t seed0, uint64_t seed1, uint64_t changeSeed, int spot,
                              const std::string &answers)
{
    const pid_t child = ::fork();
    if (child != 0)
        return child;
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    HostSet want;
    const char which = spot % 2 ? '1' : '0';
    want.fillInputs(which == '1' ? seed1 : seed0);
    std::vector<Change> changes = sampleChanges(changeSeed, uint64_t(spot), 1);
    for (Change &c : changes)
        applyChange(want.inPtr.data(), c);
    want.poisonOutputs();
    call_reference(want.inPtr.data(), want.outPtr.data());
    bool ok = true;
    for (int o = 0; o < num_outputs; ++o)
        ok = writeFile(answers + "/expect-out-" + std::to_string(o), want.outPtr[size_t(o)], tensorBytes(outputs[o]))
            && ok;
    const Bytes key = sampleKey(which, changes);
    if (ok) // the key last: it says the answer is whole
        writeFile(answers + "/expect-key", key.data(), key.size());
    ::_exit(0);
}

// What the benchmark's recorded samples (under `dir`) should have produced:
// the reference on the same seed's inputs with the same elements changed,
// or the answer precomputed under `answers`. One "kwb:verify" line per
// sample and output on `proto`.
inline void verifySamples(FILE *proto, uint64_t seed0, uint64_t seed1, const std::string &dir,
                          const std::string &answers, double atol, double rtol)
{
    HostSet want;
    Bytes answered; // the set and changes the reference last ran on
    for (int sample = 0;; ++sample) {
        const Bytes setFile = readFile(samplePath(dir, sample, "set"));
        if (setFile.empty())
            break;
        const int which = setFile[0] == '1' ? 1 : 0;
        const Bytes raw = readFile(samplePath(dir, sample, "changes"));
        std::vector<Change> changes(raw.size() / sizeof(Change));
        std::memcpy(changes.data(), raw.data(), changes.size() * sizeof(Change));
        const Bytes key = sampleKey(char(setFile[0]), changes);
        if (key != answered && key == readFile(answers + "/expect-key")) {
            // Computed by the check while it ran (precomputeAnswer).
            bool whole = true;
            for (int o = 0; o < num_outputs && whole; ++o) {
                const Bytes got = readFile(answers + "/expect-out-" + std::to_string(o));
                whole = got.size() == tensorBytes(outputs[o]);
                if (whole)
                    std::memcpy(want.outPtr[size_t(o)], got.data(), got.size());
            }
            if (whole)
                answered = key;
        }
        if (key != answered) { // a sample that repeats the one before needs no second run
            want.fillInputs(which ? seed1 : seed0);
            for (Change &c : changes) {
                if (c.input < 0 || c.input >= num_inputs || c.index < 0 || c.index >= inputs[c.input].elements) {
                    std::fprintf(proto, "kwb:verify sample=%d ok=0 why=unreadable_record\n", sample);
                    return;
                }
                applyChange(want.inPtr.data(), c);
            }
            want.poisonOutputs();
            phase("reference", uint64_t(sample));
            call_reference(want.inPtr.data(), want.outPtr.data());
            answered = key;
        }
        for (int o = 0; o < num_outputs; ++o) {
            const Bytes got = readFile(samplePath(dir, sample, "out-" + std::to_string(o)));
            if (got.size() != tensorBytes(outputs[o])) {
                std::fprintf(proto, "kwb:verify sample=%d ok=0 why=missing_output\n", sample);
                continue;
            }
            const Comparison c = compare(outputs[o], want.outPtr[size_t(o)], got.data(), atol, rtol);
            std::fprintf(proto, "kwb:verify sample=%d set=%d output=%s ok=%d mismatches=%lld elements=%lld\n", sample,
                         which, outputs[o].name, c.ok ? 1 : 0, c.mismatches, outputs[o].elements);
        }
    }
}

#endif
