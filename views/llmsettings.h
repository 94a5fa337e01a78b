#pragma once

#include "util/jsontext.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace kwb {

/// The LLM provider chosen in Settings (kept in QSettings under "llm/"; the
/// API key only in the OS keychain), as a workload's `llm` object would
/// hold it.
struct GuiLlmSettings
{
    Json llm = Json::object();
    bool overrideWorkload = false; ///< these win over the workload's own `llm`
    bool always = false; ///< plan with the LLM even where the workload names the knob search

    static GuiLlmSettings load();
    /// The workload's `llm` with these on top (override) or under it (defaults).
    Json applyTo(const Json &workloadLlm) const;
};

/// Copies the built-in prompt templates into `dir` to edit (the default
/// ones at its top, a target's own in <target>/, as promptSearchPath looks
/// for them); files already there are kept. The files written, or `error`.
QStringList copyBuiltInPrompts(const QString &dir, QString *error);

/// Settings → LLM provider…: provider, base URL, model, the key's
/// environment variable or a key stored in the keychain, prices, notes,
/// kernels per plan, a folder of the user's own prompt templates.
class LlmSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit LlmSettingsDialog(QWidget *parent = nullptr);
    void accept() override;

private:
    QComboBox *m_provider = nullptr;
    QLineEdit *m_baseUrl = nullptr, *m_model = nullptr, *m_keyEnv = nullptr, *m_key = nullptr,
              *m_command = nullptr;
    QLineEdit *m_prompts = nullptr;
    QDoubleSpinBox *m_priceIn = nullptr, *m_priceOut = nullptr;
    QSpinBox *m_samples = nullptr;
    QCheckBox *m_notes = nullptr, *m_override = nullptr, *m_always = nullptr;
};

} // namespace kwb
