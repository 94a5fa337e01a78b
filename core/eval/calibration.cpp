#include "calibration.h"

#include "eval/evaluator.h"
#include "remote/localcommand.h"
#include "targets/targetprofile.h"
#include "util/durablefile.h"
#include "util/messages.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTimer>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

Json Calibration::toJson() const
{
    // kwb's schema names the peaks as a target that declares no roles does.
    const CalibrationRoles kwbNames;
    Json j{{"schema", "kwb.calibration/1"},
           {"host", ss(host)},
           {"cpu", ss(cpu)},
           {"hostname", ss(hostname)},
           {ss(kwbNames.peakFlopRate), peakGflops},
           {ss(kwbNames.peakBandwidth), peakGbs},
           {"threads", threads},
           {"precision", ss(precision)},
           {"measured_at", ss(measuredAt)}};
    if (!peaks.empty()) {
        Json p = Json::object();
        for (const auto &[name, v] : peaks)
            p[ss(name)] = v;
        j[ss(kwbNames.peakFlopRateByPrecision)] = p;
    }
    if (!device.isEmpty())
        j["device"] = ss(device);
    if (published.is_object())
        j["published"] = published;
    if (!nodeType.isEmpty()) {
        j["node_type"] = ss(nodeType);
        Json n = Json::array();
        for (const QString &node : nodes)
            n.push_back(ss(node));
        j["nodes"] = n;
    }
    return j;
}

const Calibration &Calibration::forNode(const QString &node) const
{
    if (!byNode || node.isEmpty())
        return *this;
    const auto it = byNode->find(node);
    return it == byNode->end() ? *this : it->second;
}

double Calibration::peakFor(const QString &precisionName) const
{
    if (peaks.empty() || precisionName == precision)
        return peakGflops;
    const auto it = peaks.find(precisionName);
    return it == peaks.end() ? NAN : it->second;
}

std::optional<Calibration> Calibration::fromJson(const Json &j, QString *error)
{
    if (!j.is_object() || stringAt(j, {"schema"}) != "kwb.calibration/1") {
        if (error)
            *error = FileText::tr("not a kwb.calibration/1 document");
        return std::nullopt;
    }
    return fromTargetDocument(j, CalibrationRoles{}, error);
}

std::optional<Calibration>
Calibration::fromTargetDocument(const Json &j, const CalibrationRoles &roles, QString *error)
{
    const std::string flopField = ss(roles.peakFlopRate), bandwidthField = ss(roles.peakBandwidth);
    const auto number = [&j](const std::string &field) -> std::optional<double> {
        const auto v = j.is_object() ? j.find(field) : j.end();
        return v != j.end() && v->is_number() ? std::optional(v->get<double>()) : std::nullopt;
    };
    const auto peakFlops = number(flopField), peakBandwidth = number(bandwidthField);
    if (!peakFlops || !peakBandwidth) {
        if (error)
            *error = FileText::tr("no numeric '%1' (peak GFLOP/s) and '%2' (bandwidth in GB/s) in "
                                  "the calibration document")
                         .arg(roles.peakFlopRate, roles.peakBandwidth);
        return std::nullopt;
    }
    Calibration c;
    c.host = qs(stringAt(j, {"host"}));
    c.cpu = qs(stringAt(j, {"cpu"}));
    c.hostname = qs(stringAt(j, {"hostname"}));
    c.peakGflops = *peakFlops;
    c.peakGbs = *peakBandwidth;
    c.threads = int(std::clamp(numberAt(j, {"threads"}, 1), 1.0, 4096.0));
    c.precision = j.contains("precision") ? qs(stringAt(j, {"precision"})) : u"fp32"_s;
    c.measuredAt = qs(stringAt(j, {"measured_at"}));
    if (const auto p = j.find(ss(roles.peakFlopRateByPrecision)); p != j.end() && p->is_object()) {
        for (const auto &[name, v] : p->items()) {
            if (v.is_number() && v.get<double>() > 0)
                c.peaks[qs(name)] = v.get<double>();
        }
    }
    if (const auto d = j.find("device"); d != j.end() && d->is_string())
        c.device = qs(d->get<std::string>());
    if (const auto pub = j.find("published"); pub != j.end() && pub->is_object())
        c.published = *pub;
    c.nodeType = qs(stringAt(j, {"node_type"}));
    if (const auto n = j.find("nodes"); n != j.end() && n->is_array()) {
        for (const Json &node : *n) {
            if (node.is_string())
                c.nodes << qs(node.get<std::string>());
        }
    }
    if (!c.isValid() || !std::isfinite(c.peakGflops) || !std::isfinite(c.peakGbs)) {
        if (error)
            *error = FileText::tr("calibration figures must be positive");
        return std::nullopt;
    }
    return c;
}

QString calibrationCachePath(const QString &host, const QString &targetId)
{
    QString key = host == u"local"_s ? u"local@"_s + QSysInfo::machineHostName() : host;
    for (QChar &c : key) {
        if (!c.isLetterOrNumber() && c != u'.' && c != u'-' && c != u'@' && c != u'_')
            c = u'_';
    }
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    // "v2": cpu-cxx's first peak kernel spilled on AVX2 cores and read a
    // twelfth of the peak; figures cached before the fix are not reused.
    return base + u"/kernel-workbench/calibration/"_s + key + u'-' + targetId + u"-v2.json"_s;
}

std::optional<Calibration> cachedCalibration(const QString &host, const QString &targetId)
{
    QFile f(calibrationCachePath(host, targetId));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    QString ignored;
    auto c =
        Calibration::fromJson(Json::parse(f.readAll().toStdString(), nullptr, false), &ignored);
    if (c)
        c->fromCache = true;
    return c;
}

Calibrator::Calibrator(QObject *parent) : QObject(parent) {}

void Calibrator::start(const TargetProfile &target, const QString &host, const QString &workRoot,
                       bool force)
{
    m_host = host;
    m_cachePath = calibrationCachePath(host, target.id);
    m_roles = target.calibration;
    if (!force && QFileInfo::exists(m_cachePath)) {
        if (auto c = cachedCalibration(host, target.id)) {
            // Deliver asynchronously, like a measurement, so callers have
            // one code path.
            QTimer::singleShot(0, this, [this, c = *c] { Q_EMIT finished(c); });
            return;
        }
        Q_EMIT consoleLine(u"kwb: ignoring unreadable calibration cache "_s + m_cachePath);
    }
    if (target.calibrateCommand.isEmpty()) {
        QTimer::singleShot(0, this, [this, id = target.id] {
            Q_EMIT failed(u"target '"_s + id + u"' has no calibrate command"_s);
        });
        return;
    }
    QString error;
    if (!installTargetFiles(target, workRoot, &error)) {
        QTimer::singleShot(0, this, [this, error] { Q_EMIT failed(error); });
        return;
    }
    Q_EMIT consoleLine(
        u"kwb: measuring this host's peak FLOP/s and memory bandwidth (once; cached in "_s +
        m_cachePath + u')');
    m_command = m_runnerFactory ? m_runnerFactory(this) : new LocalCommand(this);
    connect(m_command, &CommandRunner::stderrLine, this, &Calibrator::consoleLine);
    connect(m_command, &CommandRunner::finished, this, &Calibrator::onFinished);
    m_command->start(workRoot, target.calibrateCommand, 600'000, 1 << 20);
}

void Calibrator::onFinished(const CommandOutcome &outcome)
{
    m_command->deleteLater();
    if (!outcome.infraError.isEmpty() || outcome.exitCode != 0 || outcome.crashed) {
        Q_EMIT failed(FileText::tr("calibration failed on %1: %2")
                          .arg(m_host, outcome.infraError.isEmpty()
                                           ? FileText::tr("exit status %1").arg(outcome.exitCode)
                                           : outcome.infraError) +
                      (outcome.stderrTail.isEmpty() ? QString() : u"\n"_s + outcome.stderrTail));
        return;
    }
    const Json j = Json::parse(outcome.stdoutData.toStdString(), nullptr, false);
    QString err;
    auto c = Calibration::fromTargetDocument(j, m_roles, &err);
    if (!c) {
        Q_EMIT failed(
            FileText::tr("calibration on %1 printed an invalid document: %2").arg(m_host, err));
        return;
    }
    c->host = m_host;
    c->measuredAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QDir().mkpath(QFileInfo(m_cachePath).absolutePath());
    // A cache: when it cannot be written the next run calibrates again.
    replaceFile(m_cachePath, QByteArray::fromStdString(c->toJson().dump(2)) + '\n',
                Durability::Durable, nullptr);
    Q_EMIT finished(*c);
}

} // namespace kwb
