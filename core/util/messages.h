#pragma once

#include <QCoreApplication>

namespace kwb {

/// What the engine says about the files a user writes (workloads, target
/// profiles, knobs, JSON syntax), translated under the context "files".
/// lupdate finds the calls FileText::tr("…").
class FileText
{
    Q_DECLARE_TR_FUNCTIONS(files)
};

/// What the engine says about hosts and SSH connections (context "ssh").
class SshText
{
    Q_DECLARE_TR_FUNCTIONS(ssh)
};

} // namespace kwb
