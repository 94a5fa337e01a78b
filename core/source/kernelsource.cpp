#include "kernelsource.h"

#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QCryptographicHash>
#include <QFile>
#include <QStringList>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

QString cType(DType t)
{
    return QString::fromLatin1(dtypeInfo(t).cType);
}

} // namespace

QStringList kernelParameters(const Workload &w)
{
    QStringList params;
    for (const TensorSpec &t : w.inputs)
        params << u"const "_s + cType(t.dtype) + u" *"_s + t.name;
    for (const TensorSpec &t : w.outputs)
        params << cType(t.dtype) + u" *"_s + t.name;
    for (const QString &d : w.dimNames)
        params << u"int64_t "_s + d;
    return params;
}

QString kernelSourceHash(const QString &source)
{
    QString text = source;
    text.replace(u"\r\n"_s, u"\n"_s);
    QStringList lines = text.split(u'\n');
    for (QString &l : lines) {
        while (!l.isEmpty() && l.back().isSpace())
            l.chop(1);
    }
    while (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return QString::fromLatin1(
        QCryptographicHash::hash(lines.join(u'\n').toUtf8(), QCryptographicHash::Sha256).toHex());
}

QString referenceAsKernel(const Workload &w, const QString &referenceSource)
{
    const QStringList params = kernelParameters(w);
    QStringList args;
    for (const TensorSpec &t : w.inputs)
        args << t.name;
    for (const TensorSpec &t : w.outputs)
        args << t.name;
    args += w.dimNames;
    const QString impl = u"kwb_baseline_"_s + w.referenceEntry;
    return u"// The workload's reference, compiled as a candidate: the reference baseline.\n#define "_s +
           w.referenceEntry + u' ' + impl + u'\n' + referenceSource + u"\n#undef "_s +
           w.referenceEntry + u"\nextern \"C\" void "_s + w.kernelEntry + u'(' +
           params.join(u", "_s) + u")\n{\n    "_s + impl + u'(' + args.join(u", "_s) + u");\n}\n"_s;
}

QString instantiateTemplate(const Workload &w, const TargetProfile &target,
                            const KnobConfig &config, QString *error)
{
    QFile f(w.templatePath);
    if (w.templatePath.isEmpty() || !f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = w.templatePath.isEmpty()
                         ? u"the workload declares no 'template' kernel for its knobs"_s
                         : u"cannot read template "_s + w.templatePath;
        return {};
    }
    return target.lineComment + u" kwb knobs: "_s + w.knobs.describe(config) + u'\n' +
           w.knobs.defines(config, target.knobDefine) + QString::fromUtf8(f.readAll());
}

} // namespace kwb
