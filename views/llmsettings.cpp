#include "llmsettings.h"

#include "llm/llmclient.h"
#include "secrets/keychain.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

const QString kKeychainEntry = u"llm api key"_s;

} // namespace

GuiLlmSettings GuiLlmSettings::load()
{
    QSettings s;
    GuiLlmSettings g;
    if (!s.contains(u"llm/provider"_s))
        return g; // never set: the workload's own settings alone
    g.llm["provider"] = ss(s.value(u"llm/provider"_s).toString());
    for (const char *key : {"base_url", "model", "api_key_env", "keychain", "prompts"}) {
        const QString v = s.value(u"llm/"_s + QLatin1StringView(key)).toString();
        if (!v.isEmpty())
            g.llm[key] = ss(v);
    }
    const QStringList command = s.value(u"llm/command"_s).toStringList();
    if (!command.isEmpty()) {
        g.llm["command"] = Json::array();
        for (const QString &a : command)
            g.llm["command"].push_back(ss(a));
    }
    g.llm["price_in"] = s.value(u"llm/price_in"_s, 0.0).toDouble();
    g.llm["price_out"] = s.value(u"llm/price_out"_s, 0.0).toDouble();
    g.llm["notes"] = s.value(u"llm/notes"_s, true).toBool();
    g.llm["samples"] = std::max(1, s.value(u"llm/samples"_s, 1).toInt());
    const QVariantMap prices = s.value(u"llm/prices"_s).toMap();
    if (!prices.isEmpty()) {
        g.llm["prices"] = Json::object();
        for (auto it = prices.cbegin(); it != prices.cend(); ++it) {
            const QVariantList p = it.value().toList();
            g.llm["prices"][ss(it.key())] =
                Json::array({p.value(0).toDouble(), p.value(1).toDouble()});
        }
    }
    g.overrideWorkload = s.value(u"llm/override"_s, false).toBool();
    g.always = s.value(u"llm/always"_s, false).toBool();
    return g;
}

Json GuiLlmSettings::applyTo(const Json &workloadLlm) const
{
    Json out = workloadLlm.is_object() ? workloadLlm : Json::object();
    for (const auto &[key, value] : llm.items()) {
        if (overrideWorkload || !out.contains(key))
            out[key] = value;
    }
    return out;
}

QStringList copyBuiltInPrompts(const QString &dir, QString *error)
{
    QStringList written;
    for (QDirIterator it(u":/kwb/prompts"_s, {u"*.md"_s}, QDir::Files,
                         QDirIterator::Subdirectories);
         it.hasNext();) {
        const QFileInfo from(it.next());
        const QString target = from.dir().dirName();
        const QString folder = target == u"default"_s ? dir : dir + u'/' + target;
        const QString to = folder + u'/' + from.fileName();
        if (QFileInfo::exists(to))
            continue;
        if (!QDir().mkpath(folder) || !QFile::copy(from.filePath(), to)) {
            *error = LlmSettingsDialog::tr("cannot write %1").arg(to);
            return written;
        }
        QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                      QFile::ReadOther);
        written << to;
    }
    return written;
}

LlmSettingsDialog::LlmSettingsDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("LLM provider"));
    const GuiLlmSettings g = GuiLlmSettings::load();
    auto text = [&](const char *key) { return qs(g.llm.value(key, std::string())); };
    m_provider = new QComboBox(this);
    m_provider->addItem(tr("OpenAI-compatible (OpenAI, vLLM, llama.cpp, Ollama, LM Studio)"),
                        u"openai"_s);
    m_provider->addItem(tr("Anthropic Messages API"), u"anthropic"_s);
    m_provider->addItem(tr("A local command (prompt on stdin, reply on stdout)"), u"command"_s);
    m_provider->setCurrentIndex(std::max(0, m_provider->findData(text("provider"))));
    m_baseUrl = new QLineEdit(text("base_url"), this);
    m_baseUrl->setPlaceholderText(
        tr("default: $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL, else the public API"));
    m_model = new QLineEdit(text("model"), this);
    m_model->setObjectName(u"llmModel"_s);
    m_keyEnv = new QLineEdit(text("api_key_env"), this);
    m_keyEnv->setPlaceholderText(tr("default: OPENAI_API_KEY / ANTHROPIC_API_KEY"));
    m_key = new QLineEdit(this);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(g.llm.contains("keychain")
                                  ? tr("stored in the keychain; type to replace")
                                  : tr("optional: stored in the OS keychain, never in a file"));
    QStringList command;
    for (const Json &a : g.llm.value("command", Json::array()))
        command << qs(a.get<std::string>());
    m_command = new QLineEdit(command.join(u' '), this);
    m_command->setPlaceholderText(tr("for a local command: the program and its arguments"));
    m_priceIn = new QDoubleSpinBox(this);
    m_priceOut = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *b : {m_priceIn, m_priceOut}) {
        b->setRange(0, 1000);
        b->setDecimals(3);
        b->setPrefix(u"US$ "_s);
    }
    m_priceIn->setObjectName(u"llmPriceIn"_s);
    m_priceOut->setObjectName(u"llmPriceOut"_s);
    m_priceIn->setValue(g.llm.value("price_in", 0.0));
    m_priceOut->setValue(g.llm.value("price_out", 0.0));
    // Prices are remembered per model: naming a priced model shows its prices.
    connect(m_model, &QLineEdit::textChanged, this,
            [this, prices = g.llm.value("prices", Json::object())](const QString &model) {
                const auto p = prices.find(model.trimmed().toStdString());
                if (p != prices.end() && p->is_array() && p->size() == 2) {
                    m_priceIn->setValue((*p)[0].get<double>());
                    m_priceOut->setValue((*p)[1].get<double>());
                }
            });
    m_samples = new QSpinBox(this);
    m_samples->setRange(1, 16);
    m_samples->setValue(g.llm.value("samples", 1));
    m_samples->setToolTip(tr("How many kernels the executor writes for each plan; a round's batch "
                             "holds plans times kernels."));
    m_prompts = new QLineEdit(text("prompts"), this);
    m_prompts->setPlaceholderText(tr("optional: a folder of your own planner.md, executor.md, …"));
    auto *browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Prompt templates"), m_prompts->text());
        if (!dir.isEmpty())
            m_prompts->setText(dir);
    });
    auto *copy = new QPushButton(tr("Copy the built-in ones there"), this);
    copy->setObjectName(u"copyPrompts"_s);
    copy->setToolTip(tr(
        "Writes the built-in templates into the folder to edit (files already there are kept)."));
    connect(copy, &QPushButton::clicked, this, [this] {
        const QString dir = m_prompts->text().trimmed();
        if (dir.isEmpty()) {
            QMessageBox::information(this, windowTitle(), tr("Choose a folder first."));
            return;
        }
        QString error;
        const QStringList written = copyBuiltInPrompts(dir, &error);
        if (!error.isEmpty())
            QMessageBox::warning(this, windowTitle(), error);
        else
            QMessageBox::information(
                this, windowTitle(),
                tr("%n template(s) written to %1.", nullptr, int(written.size())).arg(dir));
    });
    auto *promptsRow = new QHBoxLayout;
    promptsRow->addWidget(m_prompts, 1);
    promptsRow->addWidget(browse);
    m_notes =
        new QCheckBox(tr("The LLM also writes the optimization memory and the reflexions"), this);
    m_notes->setChecked(g.llm.value("notes", true));
    m_override = new QCheckBox(tr("Use these instead of a workload's own 'llm' settings"), this);
    m_override->setChecked(g.overrideWorkload);
    m_always =
        new QCheckBox(tr("Plan with the LLM also where the workload names the knob search"), this);
    m_always->setChecked(g.always);

    auto *form = new QFormLayout(this);
    form->addRow(tr("Provider:"), m_provider);
    form->addRow(tr("Base URL:"), m_baseUrl);
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("Key variable:"), m_keyEnv);
    form->addRow(tr("API key:"), m_key);
    form->addRow(tr("Command:"), m_command);
    form->addRow(tr("Price in (per million tokens):"), m_priceIn);
    form->addRow(tr("Price out (per million tokens):"), m_priceOut);
    form->addRow(tr("Kernels per plan:"), m_samples);
    form->addRow(tr("Prompt templates:"), promptsRow);
    auto *copyRow = new QHBoxLayout;
    copyRow->addWidget(copy);
    copyRow->addStretch(1);
    form->addRow(QString(), copyRow);
    form->addRow(m_notes);
    form->addRow(m_override);
    form->addRow(m_always);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

void LlmSettingsDialog::accept()
{
    // What the workload's `llm` object would say, checked by the same rules.
    Json j = {{"provider", ss(m_provider->currentData().toString())},
              {"price_in", m_priceIn->value()},
              {"price_out", m_priceOut->value()},
              {"notes", m_notes->isChecked()},
              {"samples", m_samples->value()}};
    if (!m_model->text().trimmed().isEmpty())
        j["model"] = ss(m_model->text().trimmed());
    if (!m_command->text().trimmed().isEmpty()) {
        j["command"] = Json::array();
        for (const QString &a : QProcess::splitCommand(m_command->text()))
            j["command"].push_back(ss(a));
    }
    QString error;
    if (!LlmSettings::fromJson(j, &error)) {
        QMessageBox::warning(this, windowTitle(), error);
        return;
    }
    const QString prompts = m_prompts->text().trimmed();
    if (!prompts.isEmpty() && !QFileInfo(prompts).isDir()) {
        QMessageBox::warning(this, windowTitle(),
                             tr("The prompt folder %1 does not exist.").arg(prompts));
        return;
    }
    QSettings s;
    bool keychained = !s.value(u"llm/keychain"_s).toString().isEmpty();
    if (!m_key->text().isEmpty()) {
        if (!keychain::write(kKeychainEntry, m_key->text(), &error)) {
            QMessageBox::warning(this, windowTitle(),
                                 tr("The key could not be stored in the keychain: %1").arg(error));
            return;
        }
        keychained = true;
    }
    s.setValue(u"llm/provider"_s, m_provider->currentData().toString());
    s.setValue(u"llm/base_url"_s, m_baseUrl->text().trimmed());
    s.setValue(u"llm/model"_s, m_model->text().trimmed());
    s.setValue(u"llm/api_key_env"_s, m_keyEnv->text().trimmed());
    s.setValue(u"llm/keychain"_s, keychained ? kKeychainEntry : QString());
    s.setValue(u"llm/command"_s, QProcess::splitCommand(m_command->text()));
    s.setValue(u"llm/price_in"_s, m_priceIn->value());
    s.setValue(u"llm/price_out"_s, m_priceOut->value());
    if (const QString model = m_model->text().trimmed(); !model.isEmpty()) {
        QVariantMap prices = s.value(u"llm/prices"_s).toMap();
        prices.insert(model, QVariantList{m_priceIn->value(), m_priceOut->value()});
        s.setValue(u"llm/prices"_s, prices);
    }
    s.setValue(u"llm/notes"_s, m_notes->isChecked());
    s.setValue(u"llm/samples"_s, m_samples->value());
    s.setValue(u"llm/prompts"_s,
               prompts.isEmpty() ? QString() : QFileInfo(prompts).absoluteFilePath());
    s.setValue(u"llm/override"_s, m_override->isChecked());
    s.setValue(u"llm/always"_s, m_always->isChecked());
    QDialog::accept();
}

} // namespace kwb
