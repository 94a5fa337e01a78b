#pragma once

#include "run/workbench.h"

class QWidget;

namespace kwb {

/// The window's answers to SSH questions, as modal dialogs over `parent`:
/// trust a new host key (showing its SHA256 fingerprint), a key file's
/// passphrase (with "remember in the system keychain"), keyboard-
/// interactive questions (hidden where the server says so).
SshPrompts dialogPrompts(QWidget *parent);

} // namespace kwb
