#pragma once

#include "util/jsontext.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace kwb {

/// The LLM provider chosen in Settings (kept in QSettings under "llm/"; the
/// API key only in the OS keychain), as a workload's `llm` object would
/// hold it.
struct GuiLlmSettings
{
    Json llm = Json::object();
    bool overrideWorkload = false; ///< these win over the workload's own `llm`
    bool always = false;           ///< plan with the LLM even where the workload names the knob search

    static GuiLlmSettings load();
    /// The workload's `llm` with these on top (override) or under it (defaults).
    Json applyTo(const Json &workloadLlm) const;
};

/// Settings → LLM provider…: provider, base URL, model, the key's
/// environment variable or a key stored in the keychain, prices, notes.
class LlmSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit LlmSettingsDialog(QWidget *parent = nullptr);
    void accept() override;

private:
    QComboBox *m_provider = nullptr;
    QLineEdit *m_baseUrl = nullptr, *m_model = nullptr, *m_keyEnv = nullptr, *m_key = nullptr, *m_command = nullptr;
    QDoubleSpinBox *m_priceIn = nullptr, *m_priceOut = nullptr;
    QCheckBox *m_notes = nullptr, *m_override = nullptr, *m_always = nullptr;
};

} // namespace kwb
