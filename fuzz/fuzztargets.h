// The readers that take files from users, hosts and other tools, each as a
// function of raw bytes: the libFuzzer targets (fuzz_main.cpp) and the
// replay of every input that once broke one (tst_hostile) call the same
// code. A reader may refuse an input; it must never crash, hang or read
// out of bounds.
#pragma once

#include "eval/result.h"
#include "planning/tunercache.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <cstddef>
#include <cstdint>

namespace kwb::fuzz {

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

inline const TargetProfile &cpuTarget()
{
    static const TargetProfile target = [] {
        Diagnostic d;
        auto t = TargetRegistry::load(QStringLiteral("cpu-cxx"), &d);
        return t ? *t : TargetProfile{};
    }();
    return target;
}

/// JSON with comments, positions, duplicate keys.
inline void jsonText(const uint8_t *data, size_t size)
{
    Diagnostic d;
    if (auto doc = JsonText::parse(bytes(data, size), QStringLiteral("fuzz.json"), &d)) {
        (void)doc->duplicateKeyWarnings();
        (void)doc->valuePos("/a/0/b");
        (void)doc->keyPos("/name");
    }
}

/// The input as a file of this process (named after `stem`), where a
/// reader that takes a path reads it; "" when it cannot be written.
inline QString asFile(const char *stem, const uint8_t *data, size_t size)
{
    const QString path = QDir::tempPath() + QStringLiteral("/kwb-fuzz-%1-%2.json")
                                                .arg(QLatin1String(stem))
                                                .arg(QCoreApplication::applicationPid());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    return path;
}

/// A workload file, as `kwb validate` reads it (knob space counted on a
/// small budget so one input stays fast).
inline void workload(const uint8_t *data, size_t size)
{
    const QString path = asFile("workload", data, size);
    if (path.isEmpty())
        return;
    const WorkloadLoad l = loadWorkload(path, &cpuTarget());
    if (l.workload && !l.workload->knobs.isEmpty())
        (void)l.workload->knobs.countValid(2'000, 200);
    (void)l.message();
}

/// A target.json, as `kwb targets` reads one a user wrote.
inline void targetProfile(const uint8_t *data, size_t size)
{
    const QString path = asFile("target", data, size);
    if (path.isEmpty())
        return;
    const TargetLoad l = TargetRegistry::readFile(path);
    if (l.target)
        (void)l.target->roleNames();
}

/// A Kernel Tuner cache file against a small knob space.
inline void tunerCache(const uint8_t *data, size_t size)
{
    static const KnobSpace space = [] {
        const QByteArray text = R"({"knobs": {"block_size_x": {"values": [16, 32, 64, 128]},
                                              "tile": {"values": [1, 2, 4]}, "use_shared": {"values": [0, 1]}}})";
        Diagnostic d;
        auto doc = JsonText::parse(text, QStringLiteral("space.json"), &d);
        QList<Diagnostic> ds;
        return doc ? KnobSpace::fromJson(*doc, {}, {}, &ds) : KnobSpace{};
    }();
    Diagnostic d;
    auto doc = JsonText::parse(bytes(data, size), QStringLiteral("cache.json"), &d);
    if (!doc)
        return;
    QList<Diagnostic> ds;
    if (auto cache = TunerCache::fromJson(*doc, space, &ds))
        (void)cache->best();
}

/// The lines of a session's experiments.jsonl, each read as a record and
/// written back.
inline void sessionRecords(const uint8_t *data, size_t size)
{
    const QByteArray text = bytes(data, size);
    for (const QByteArray &line : text.split('\n')) {
        Diagnostic d;
        auto doc = JsonText::parse(line, QStringLiteral("experiments.jsonl"), &d);
        if (!doc)
            continue;
        QString why;
        if (auto r = ExperimentRecord::fromJson(doc->root(), &why)) {
            (void)r->toJson().dump();
            (void)r->untrusted();
        }
    }
}

/// What a harness prints on stdout.
inline void resultDocument(const uint8_t *data, size_t size)
{
    QString error;
    if (auto r = parseResult(bytes(data, size), cpuTarget(), &error))
        (void)r->metric(QStringLiteral("median_ms"));
}

} // namespace kwb::fuzz
