<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Compare</name>
    <message>
        <source>%1% faster</source>
        <translation>%1 % schneller</translation>
    </message>
    <message>
        <source>%1% slower</source>
        <translation>%1 % langsamer</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, inside the run-to-run spread (IQR %4–%5 ms against %6–%7 ms): not a real difference.</source>
        <translation>#%1 ist %2 als #%3, innerhalb der Streuung zwischen Läufen (IQR %4–%5 ms gegenüber %6–%7 ms): kein echter Unterschied.</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, beyond the run-to-run spread (IQR %4–%5 ms against %6–%7 ms).</source>
        <translation>#%1 ist %2 als #%3, jenseits der Streuung zwischen Läufen (IQR %4–%5 ms gegenüber %6–%7 ms).</translation>
    </message>
    <message>
        <source>#%1 and #%2 cannot be compared: one of them has no trusted timing (it failed, was not timed, or was a false win or flagged).</source>
        <translation>#%1 und #%2 lassen sich nicht vergleichen: einer von beiden hat keine vertrauenswürdige Zeitmessung (fehlgeschlagen, nicht gemessen, ein Scheingewinn oder markiert).</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unknown host key</source>
        <translation>Unbekannter Host-Schlüssel</translation>
    </message>
    <message>
        <source>The host %1 is not in your known_hosts yet.</source>
        <translation>Der Host %1 steht noch nicht in Ihrer known_hosts.</translation>
    </message>
    <message>
        <source>Its key&apos;s fingerprint is

%1

Compare it with the one the host&apos;s administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the host) before you trust it.</source>
        <translation>Der Fingerabdruck seines Schlüssels ist

%1

Vergleichen Sie ihn mit dem, den Ihnen die Administration des Hosts nennt (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub auf dem Host), bevor Sie ihm vertrauen.</translation>
    </message>
    <message>
        <source>Trust and connect</source>
        <translation>Vertrauen und verbinden</translation>
    </message>
    <message>
        <source>SSH key passphrase</source>
        <translation>Passphrase des SSH-Schlüssels</translation>
    </message>
    <message>
        <source>That passphrase was not right. Passphrase for %1:</source>
        <translation>Diese Passphrase war falsch. Passphrase für %1:</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>Passphrase für %1:</translation>
    </message>
    <message>
        <source>Remember it in the system keychain</source>
        <translation>Im Schlüsselbund des Systems merken</translation>
    </message>
    <message>
        <source>SSH login</source>
        <translation>SSH-Anmeldung</translation>
    </message>
    <message>
        <source>The session&apos;s workload %1 does not load:
%2</source>
        <translation>Die Arbeitslast %1 der Sitzung lässt sich nicht laden:
%2</translation>
    </message>
    <message>
        <source>The workload does not load:
%1</source>
        <translation>Die Arbeitslast lässt sich nicht laden:
%1</translation>
    </message>
    <message>
        <source>unknown planner &apos;%1&apos; (search, llm)</source>
        <translation>unbekannter Planer &apos;%1&apos; (search, llm)</translation>
    </message>
    <message>
        <source>the llm planner&apos;s settings (the workload&apos;s &apos;llm&apos;, the command line&apos;s --provider, --model, … or Settings → LLM provider) are not usable: %1</source>
        <translation>die Einstellungen des LLM-Planers (&apos;llm&apos; der Arbeitslast, --provider, --model, … der Befehlszeile oder Einstellungen → LLM-Anbieter) sind nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>The LLM planner&apos;s settings are incomplete (%1); using the knob search.</source>
        <translation>Die Einstellungen des LLM-Planers sind unvollständig (%1); die Parametersuche wird verwendet.</translation>
    </message>
</context>
<context>
    <name>TunerImport</name>
    <message>
        <source>imported %1 of %2 configurations into %3</source>
        <translation>%1 von %2 Konfigurationen in %3 importiert</translation>
    </message>
    <message>
        <source>(the rest were already there)</source>
        <translation>(der Rest war schon da)</translation>
    </message>
    <message>
        <source>%1 of them flagged: faster than this host&apos;s calibrated roofline or the workload&apos;s max_speedup allows; they are never built on</source>
        <translation>%1 davon markiert: schneller, als die kalibrierte Roofline dieses Hosts oder max_speedup der Arbeitslast zulässt; sie werden nie weiterverwendet</translation>
    </message>
</context>
<context>
    <name>files</name>
    <message>
        <source>unknown target &apos;%1&apos; (no targets found)</source>
        <translation>unbekanntes Ziel &apos;%1&apos; (keine Ziele gefunden)</translation>
    </message>
    <message>
        <source>unknown target &apos;%1&apos; (known: %2)</source>
        <translation>unbekanntes Ziel &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <source>a target profile must be a JSON object</source>
        <translation>ein Zielprofil muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>&apos;schema&apos; must be &quot;kwb.target/1&quot;</source>
        <translation>&apos;schema&apos; muss &quot;kwb.target/1&quot; sein</translation>
    </message>
    <message>
        <source>target profile misses &apos;%1&apos;</source>
        <translation>dem Zielprofil fehlt &apos;%1&apos;</translation>
    </message>
    <message>
        <source>harness file &apos;%1&apos; is missing beside target.json</source>
        <translation>die Harness-Datei &apos;%1&apos; fehlt neben target.json</translation>
    </message>
    <message>
        <source>each metric needs a string &apos;name&apos;</source>
        <translation>jede Metrik braucht einen String &apos;name&apos;</translation>
    </message>
    <message>
        <source>&apos;better&apos; must be &quot;higher&quot; or &quot;lower&quot;</source>
        <translation>&apos;better&apos; muss &quot;higher&quot; oder &quot;lower&quot; sein</translation>
    </message>
    <message>
        <source>a derived metric must be a string expression</source>
        <translation>eine abgeleitete Metrik muss ein Ausdruck als String sein</translation>
    </message>
    <message>
        <source>derived metric &apos;%1&apos;: %2</source>
        <translation>abgeleitete Metrik &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>a bottleneck rule needs &apos;class&apos; and &apos;when&apos;</source>
        <translation>eine Engpassregel braucht &apos;class&apos; und &apos;when&apos;</translation>
    </message>
    <message>
        <source>bottleneck rule &apos;%1&apos;: %2</source>
        <translation>Engpassregel &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>a guard needs a string &apos;pattern&apos; and a &apos;reason&apos;</source>
        <translation>ein Wächter braucht einen String &apos;pattern&apos; und einen &apos;reason&apos;</translation>
    </message>
    <message>
        <source>guard &apos;%1&apos;: %2 at offset %3</source>
        <translation>Wächter &apos;%1&apos;: %2 an Position %3</translation>
    </message>
    <message>
        <source>(at character %1)</source>
        <translation>(bei Zeichen %1)</translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos; (at character %2)</source>
        <translation>unbekannter Name &apos;%1&apos; (bei Zeichen %2)</translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos;</source>
        <translation>unbekannter Name &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expression was not compiled</source>
        <translation>der Ausdruck wurde nicht übersetzt</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>Warnung: </translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>ein Wahrheitswert</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>ein String</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>ein nicht unterstützter Wert</translation>
    </message>
    <message>
        <source>malformed JSON: %1</source>
        <translation>fehlerhaftes JSON: %1</translation>
    </message>
    <message>
        <source>cannot read file: %1</source>
        <translation>Datei nicht lesbar: %1</translation>
    </message>
    <message numerus="yes">
        <source>… (%n values)</source>
        <translation>
            <numerusform>… (%n Wert)</numerusform>
            <numerusform>… (%n Werte)</numerusform>
        </translation>
    </message>
    <message>
        <source>constraint &apos;%1&apos; fails</source>
        <translation>Bedingung &apos;%1&apos; ist verletzt</translation>
    </message>
    <message>
        <source>constraint &apos;%1&apos; fails for %2</source>
        <translation>Bedingung &apos;%1&apos; ist verletzt für %2</translation>
    </message>
    <message>
        <source>: change %1</source>
        <translation>: %1 ändern</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>: no single change of %1 satisfies every constraint</source>
        <translation>: keine einzelne Änderung von %1 erfüllt alle Bedingungen</translation>
    </message>
    <message>
        <source>&apos;knobs&apos; must be an object mapping knob names to declarations, found %1</source>
        <translation>&apos;knobs&apos; muss ein Objekt sein, das Parameternamen Deklarationen zuordnet, gefunden: %1</translation>
    </message>
    <message>
        <source>knob &apos;%1&apos;</source>
        <translation>Tuning-Parameter &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1: &apos;values&apos; must be a non-empty array</source>
        <translation>%1: &apos;values&apos; muss ein nicht leeres Array sein</translation>
    </message>
    <message>
        <source>%1: values must be numbers, booleans or strings, found %2</source>
        <translation>%1: Werte müssen Zahlen, Wahrheitswerte oder Strings sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1: &apos;range&apos; must be [from, to] or [from, to, step] with numbers</source>
        <translation>%1: &apos;range&apos; muss [from, to] oder [from, to, step] aus Zahlen sein</translation>
    </message>
    <message>
        <source>%1: &apos;range&apos; needs from ≤ to, a positive step and at most a million values</source>
        <translation>%1: &apos;range&apos; braucht from ≤ to, eine positive Schrittweite und höchstens eine Million Werte</translation>
    </message>
    <message>
        <source>%1: &apos;divisors&apos; expression: %2</source>
        <translation>%1: Ausdruck in &apos;divisors&apos;: %2</translation>
    </message>
    <message>
        <source>%1: &apos;divisors&apos; must be a positive integer or an expression of dims</source>
        <translation>%1: &apos;divisors&apos; muss eine positive ganze Zahl oder ein Ausdruck der Dims sein</translation>
    </message>
    <message>
        <source>%1: &apos;permutation&apos; must be an array of 1 to 8 distinct names</source>
        <translation>%1: &apos;permutation&apos; muss ein Array aus 1 bis 8 verschiedenen Namen sein</translation>
    </message>
    <message>
        <source>%1: &apos;permutation&apos; names must be distinct</source>
        <translation>%1: die Namen in &apos;permutation&apos; müssen verschieden sein</translation>
    </message>
    <message>
        <source>%1: each &apos;before&apos; entry must be [&quot;a&quot;, &quot;b&quot;] naming two of %2</source>
        <translation>%1: jeder Eintrag in &apos;before&apos; muss [&quot;a&quot;, &quot;b&quot;] mit zwei von %2 sein</translation>
    </message>
    <message>
        <source>%1: &apos;before&apos; must be an array of [&quot;a&quot;, &quot;b&quot;] pairs</source>
        <translation>%1: &apos;before&apos; muss ein Array von [&quot;a&quot;, &quot;b&quot;]-Paaren sein</translation>
    </message>
    <message>
        <source>%1: declare it as an array of values or an object with one of &apos;values&apos;, &apos;range&apos;, &apos;divisors&apos;, &apos;permutation&apos;</source>
        <translation>%1: als Array von Werten deklarieren oder als Objekt mit einem von &apos;values&apos;, &apos;range&apos;, &apos;divisors&apos;, &apos;permutation&apos;</translation>
    </message>
    <message>
        <source>%1: its domain is empty</source>
        <translation>%1: sein Wertebereich ist leer</translation>
    </message>
    <message>
        <source>%1: default is not one of its values (%2)</source>
        <translation>%1: der Vorgabewert ist keiner seiner Werte (%2)</translation>
    </message>
    <message>
        <source>&apos;constraints&apos; must be an array of expressions, found %1</source>
        <translation>&apos;constraints&apos; muss ein Array von Ausdrücken sein, gefunden: %1</translation>
    </message>
    <message>
        <source>a constraint must be a string expression, found %1</source>
        <translation>eine Bedingung muss ein Ausdruck als String sein, gefunden: %1</translation>
    </message>
    <message>
        <source>constraint &apos;%1&apos;: %2 (names available: %3)</source>
        <translation>Bedingung &apos;%1&apos;: %2 (verfügbare Namen: %3)</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected NAME=VALUE</source>
        <translation>&apos;%1&apos;: NAME=WERT erwartet</translation>
    </message>
    <message>
        <source>unknown knob &apos;%1&apos; (no knobs declared)</source>
        <translation>unbekannter Tuning-Parameter &apos;%1&apos; (keine Tuning-Parameter deklariert)</translation>
    </message>
    <message>
        <source>unknown knob &apos;%1&apos; (knobs: %2)</source>
        <translation>unbekannter Tuning-Parameter &apos;%1&apos; (Tuning-Parameter: %2)</translation>
    </message>
    <message>
        <source>%1=%2 violates the precedence &apos;%3 before %4&apos;</source>
        <translation>%1=%2 verletzt die Reihenfolge &apos;%3 vor %4&apos;</translation>
    </message>
    <message>
        <source>%1=%2: not one of %1&apos;s values (%3)</source>
        <translation>%1=%2: keiner der Werte von %1 (%3)</translation>
    </message>
    <message>
        <source>%1 must be a non-empty string, found %2</source>
        <translation>%1 muss ein nicht leerer String sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must be a number, found %2</source>
        <translation>%1 muss eine Zahl sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must be greater than %2, found %3</source>
        <translation>%1 muss größer als %2 sein, gefunden: %3</translation>
    </message>
    <message>
        <source>%1 must be at least %2, found %3</source>
        <translation>%1 muss mindestens %2 sein, gefunden: %3</translation>
    </message>
    <message>
        <source>%1 must be an integer, found %2</source>
        <translation>%1 muss eine ganze Zahl sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must be true or false, found %2</source>
        <translation>%1 muss true oder false sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must be an object, found %2</source>
        <translation>%1 muss ein Objekt sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must be an array of strings, found %2</source>
        <translation>%1 muss ein Array von Strings sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must hold strings only, found %2</source>
        <translation>%1 darf nur Strings enthalten, gefunden: %2</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; is ignored</source>
        <translation>unbekannter Schlüssel &apos;%1&apos; wird ignoriert</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2 is ignored</source>
        <translation>unbekannter Schlüssel &apos;%1&apos; in %2 wird ignoriert</translation>
    </message>
    <message>
        <source>(did you mean &apos;%1&apos;?)</source>
        <translation>(meinten Sie &apos;%1&apos;?)</translation>
    </message>
    <message>
        <source>%1 file &apos;%2&apos; not found (looked for %3)</source>
        <translation>%1-Datei &apos;%2&apos; nicht gefunden (gesucht: %3)</translation>
    </message>
    <message>
        <source>%1 must be a non-empty object mapping names to {shape, dtype}</source>
        <translation>%1 muss ein nicht leeres Objekt sein, das Namen {shape, dtype} zuordnet</translation>
    </message>
    <message>
        <source>%1 entry &apos;%2&apos;</source>
        <translation>%1, Eintrag &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 must be an object with &apos;shape&apos; and &apos;dtype&apos;, found %2</source>
        <translation>%1 muss ein Objekt mit &apos;shape&apos; und &apos;dtype&apos; sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 misses %2</source>
        <translation>%1: es fehlt %2</translation>
    </message>
    <message>
        <source>%1: &apos;shape&apos; must be an array of sizes or dim names, found %2</source>
        <translation>%1: &apos;shape&apos; muss ein Array aus Größen oder Dim-Namen sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1: shape entry &apos;%2&apos;: %3 (no dims declared)</source>
        <translation>%1: shape-Eintrag &apos;%2&apos;: %3 (keine Dims deklariert)</translation>
    </message>
    <message>
        <source>%1: shape entry &apos;%2&apos;: %3 (dims: %4)</source>
        <translation>%1: shape-Eintrag &apos;%2&apos;: %3 (Dims: %4)</translation>
    </message>
    <message>
        <source>%1: a shape entry must be an integer or a dim name, found %2</source>
        <translation>%1: ein shape-Eintrag muss eine ganze Zahl oder ein Dim-Name sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1: shape sizes must be positive integers, found %2</source>
        <translation>%1: shape-Größen müssen positive ganze Zahlen sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1: &apos;range&apos; must be [low, high] with low ≤ high</source>
        <translation>%1: &apos;range&apos; muss [low, high] mit low ≤ high sein</translation>
    </message>
    <message>
        <source>a workload must be a JSON object, found %1</source>
        <translation>eine Arbeitslast muss ein JSON-Objekt sein, gefunden: %1</translation>
    </message>
    <message>
        <source>missing required names: %1</source>
        <translation>erforderliche Namen fehlen: %1</translation>
    </message>
    <message>
        <source>workload is for target &apos;%1&apos;, not &apos;%2&apos;</source>
        <translation>die Arbeitslast ist für das Ziel &apos;%1&apos;, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>entry &apos;%1&apos; is not a valid function name</source>
        <translation>Einstiegspunkt &apos;%1&apos; ist kein gültiger Funktionsname</translation>
    </message>
    <message>
        <source>kernel and reference entries must differ (both are &apos;%1&apos;); set entry.reference</source>
        <translation>Einstiegspunkte von Kernel und Referenz müssen sich unterscheiden (beide sind &apos;%1&apos;); setzen Sie entry.reference</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one of the dims (%2)</source>
        <translation>&apos;%1&apos; ist keine der Dims (%2)</translation>
    </message>
    <message>
        <source>verify_dims names the benchmark shape itself, so it checks nothing new</source>
        <translation>verify_dims nennt die Benchmark-Form selbst und prüft daher nichts Neues</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is both an input and an output</source>
        <translation>&apos;%1&apos; ist zugleich Eingabe und Ausgabe</translation>
    </message>
    <message>
        <source>%1 formula &apos;%2&apos;: %3</source>
        <translation>%1, Formel &apos;%2&apos;: %3</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>darf nicht negativ sein</translation>
    </message>
    <message>
        <source>goal metric &apos;%1&apos; is not in the %2 metric catalog</source>
        <translation>die Zielmetrik &apos;%1&apos; steht nicht im Metrikkatalog von %2</translation>
    </message>
    <message>
        <source>&apos;goal.direction&apos; must be &quot;max&quot; or &quot;min&quot;, found &quot;%1&quot;</source>
        <translation>&apos;goal.direction&apos; muss &quot;max&quot; oder &quot;min&quot; sein, gefunden: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&apos;correctness.seeds&apos; must be a count or an array of integer seeds, found %1</source>
        <translation>&apos;correctness.seeds&apos; muss eine Anzahl oder ein Array ganzzahliger Seeds sein, gefunden: %1</translation>
    </message>
    <message>
        <source>the second shape does not work: %1</source>
        <translation>die zweite Form geht nicht: %1</translation>
    </message>
    <message>
        <source>knob_map names unknown knob &apos;%1&apos;</source>
        <translation>knob_map nennt den unbekannten Tuning-Parameter &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;baselines&apos; must be an array of {name, kernel, link}, found %1</source>
        <translation>&apos;baselines&apos; muss ein Array von {name, kernel, link} sein, gefunden: %1</translation>
    </message>
    <message>
        <source>a baseline must be an object with &apos;name&apos; and &apos;kernel&apos;</source>
        <translation>eine Basis muss ein Objekt mit &apos;name&apos; und &apos;kernel&apos; sein</translation>
    </message>
    <message>
        <source>a baseline needs &apos;name&apos; and &apos;kernel&apos;</source>
        <translation>eine Basis braucht &apos;name&apos; und &apos;kernel&apos;</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>knobs are declared but no &apos;template&apos; kernel uses them</source>
        <translation>Tuning-Parameter sind deklariert, aber kein &apos;template&apos;-Kernel nutzt sie</translation>
    </message>
    <message>
        <source>%1: shape entry &apos;%2&apos; is %3 with the other dims</source>
        <translation>%1: shape-Eintrag &apos;%2&apos; ist mit den anderen Dims %3</translation>
    </message>
    <message>
        <source>no such workload file</source>
        <translation>keine solche Arbeitslast-Datei</translation>
    </message>
    <message>
        <source>missing required name: %1</source>
        <translation>erforderlicher Name fehlt: %1</translation>
    </message>
    <message>
        <source>dim &apos;%1&apos; must be a positive integer, found %2</source>
        <translation>Dim &apos;%1&apos; muss eine positive ganze Zahl sein, gefunden: %2</translation>
    </message>
    <message>
        <source>unexpected end of expression</source>
        <translation>unerwartetes Ende des Ausdrucks</translation>
    </message>
    <message>
        <source>unexpected operator &quot;%1&quot;</source>
        <translation>unerwarteter Operator &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unexpected value &quot;%1&quot;</source>
        <translation>unerwarteter Wert &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unexpected name &quot;%1&quot;</source>
        <translation>unerwarteter Name &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unexpected parenthesis &quot;%1&quot;</source>
        <translation>unerwartete Klammer &quot;%1&quot;</translation>
    </message>
    <message>
        <source>missing parenthesis</source>
        <translation>fehlende Klammer</translation>
    </message>
    <message>
        <source>unknown token &quot;%1&quot;</source>
        <translation>unbekanntes Token &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the expression is empty</source>
        <translation>der Ausdruck ist leer</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 darf nicht leer sein</translation>
    </message>
    <message>
        <source>calibration figures must be positive</source>
        <translation>Kalibrierwerte müssen positiv sein</translation>
    </message>
    <message>
        <source>calibration failed on %1: %2</source>
        <translation>Kalibrierung auf %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>exit status %1</source>
        <translation>Exit-Status %1</translation>
    </message>
    <message>
        <source>calibration on %1 printed an invalid document: %2</source>
        <translation>die Kalibrierung auf %1 gab ein ungültiges Dokument aus: %2</translation>
    </message>
    <message>
        <source>a Kernel Tuner cache file is a JSON object, not %1</source>
        <translation>eine Kernel-Tuner-Cachedatei ist ein JSON-Objekt, nicht %1</translation>
    </message>
    <message>
        <source>not a Kernel Tuner cache file: &apos;%1&apos; is missing</source>
        <translation>keine Kernel-Tuner-Cachedatei: &apos;%1&apos; fehlt</translation>
    </message>
    <message>
        <source>parameter names are strings</source>
        <translation>Parameternamen sind Strings</translation>
    </message>
    <message>
        <source>an entry must be an object</source>
        <translation>ein Eintrag muss ein Objekt sein</translation>
    </message>
    <message>
        <source>entry has no &apos;time&apos;</source>
        <translation>dem Eintrag fehlt &apos;time&apos;</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>a record needs an integer &apos;id&apos; and a string &apos;source_hash&apos;</source>
        <translation>ein Datensatz braucht eine ganze Zahl &apos;id&apos; und einen String &apos;source_hash&apos;</translation>
    </message>
    <message>
        <source>a session already exists in %1</source>
        <translation>in %1 gibt es schon eine Sitzung</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot repair %1: %2</source>
        <translation>%1 kann nicht repariert werden: %2</translation>
    </message>
    <message>
        <source>cannot save the torn tail of %1</source>
        <translation>das abgerissene Ende von %1 kann nicht gesichert werden</translation>
    </message>
    <message>
        <source>cannot truncate %1: %2</source>
        <translation>%1 kann nicht gekürzt werden: %2</translation>
    </message>
    <message>
        <source>differs at %1</source>
        <translation>unterscheidet sich bei %1</translation>
    </message>
    <message>
        <source>cannot append to %1: %2</source>
        <translation>an %1 kann nicht angehängt werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a session (no session.json)</source>
        <translation>%1 ist keine Sitzung (keine session.json)</translation>
    </message>
    <message>
        <source>&apos;tune_params_keys&apos; must be an array of parameter names</source>
        <translation>&apos;tune_params_keys&apos; muss ein Array von Parameternamen sein</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is not a knob of this workload</source>
        <translation>Parameter &apos;%1&apos; ist kein Tuning-Parameter dieser Arbeitslast</translation>
    </message>
    <message>
        <source>knob &apos;%1&apos; is not among the file&apos;s parameters</source>
        <translation>Tuning-Parameter &apos;%1&apos; ist nicht unter den Parametern der Datei</translation>
    </message>
    <message>
        <source>&apos;cache&apos; must be an object of measured configurations</source>
        <translation>&apos;cache&apos; muss ein Objekt gemessener Konfigurationen sein</translation>
    </message>
    <message>
        <source>&apos;time&apos; must be a number (milliseconds) or a failure name</source>
        <translation>&apos;time&apos; muss eine Zahl (Millisekunden) oder ein Fehlername sein</translation>
    </message>
    <message numerus="yes">
        <source>%n entries lie outside the workload&apos;s knob space and were skipped</source>
        <translation>
            <numerusform>%n Eintrag liegt außerhalb des Parameterraums der Arbeitslast und wurde übersprungen</numerusform>
            <numerusform>%n Einträge liegen außerhalb des Parameterraums der Arbeitslast und wurden übersprungen</numerusform>
        </translation>
    </message>
    <message>
        <source>&apos;command&apos; must be a non-empty array of strings</source>
        <translation>&apos;command&apos; muss ein nicht leeres Array von Strings sein</translation>
    </message>
    <message>
        <source>&apos;derived&apos; must be an object of name → expression</source>
        <translation>&apos;derived&apos; muss ein Objekt aus Name → Ausdruck sein</translation>
    </message>
    <message>
        <source>&apos;llm&apos; must be an object</source>
        <translation>&apos;llm&apos; muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&apos;llm.%1&apos; must be a string</source>
        <translation>&apos;llm.%1&apos; muss ein String sein</translation>
    </message>
    <message>
        <source>&apos;llm.%1&apos; must be a number ≥ 0</source>
        <translation>&apos;llm.%1&apos; muss eine Zahl ≥ 0 sein</translation>
    </message>
    <message>
        <source>&apos;llm.notes&apos; must be true or false</source>
        <translation>&apos;llm.notes&apos; muss true oder false sein</translation>
    </message>
    <message>
        <source>&apos;llm.samples&apos; must be a whole number from 1 to 16</source>
        <translation>&apos;llm.samples&apos; muss eine ganze Zahl von 1 bis 16 sein</translation>
    </message>
    <message>
        <source>&apos;llm.command&apos; must be a non-empty array: the program and its arguments</source>
        <translation>&apos;llm.command&apos; muss ein nicht leeres Array sein: das Programm und seine Argumente</translation>
    </message>
    <message>
        <source>&apos;llm.provider&apos; must be &quot;openai&quot;, &quot;anthropic&quot; or &quot;command&quot;, found &quot;%1&quot;</source>
        <translation>&apos;llm.provider&apos; muss &quot;openai&quot;, &quot;anthropic&quot; oder &quot;command&quot; sein, gefunden &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&apos;llm.model&apos; is required for the %1 provider</source>
        <translation>&apos;llm.model&apos; ist für den Anbieter %1 nötig</translation>
    </message>
    <message>
        <source>prompt folder &apos;%1&apos; not found (looked for %2)</source>
        <translation>Prompt-Ordner &apos;%1&apos; nicht gefunden (gesucht: %2)</translation>
    </message>
    <message>
        <source>&apos;llm.prices&apos; must be an object: model → [US$ in, US$ out] per million tokens</source>
        <translation>&apos;llm.prices&apos; muss ein Objekt sein: Modell → [US$ ein, US$ aus] je Million Tokens</translation>
    </message>
    <message>
        <source>the price of model &apos;%1&apos; must be [US$ in, US$ out] per million tokens, two numbers ≥ 0</source>
        <translation>der Preis des Modells &apos;%1&apos; muss [US$ ein, US$ aus] je Million Tokens sein, zwei Zahlen ≥ 0</translation>
    </message>
    <message>
        <source>%1: unknown dtype &apos;%2&apos; (known: %3)</source>
        <translation>%1: unbekannter Datentyp &apos;%2&apos; (bekannt: %3)</translation>
    </message>
    <message>
        <source>&apos;precision&apos; must be a lowercase word such as fp32, tf32, fp16 or bf16</source>
        <translation>&apos;precision&apos; muss ein kleingeschriebenes Wort wie fp32, tf32, fp16 oder bf16 sein</translation>
    </message>
    <message>
        <source>target &apos;%1&apos; does not support dtype &apos;%2&apos; (it supports: %3)</source>
        <translation>Ziel &apos;%1&apos; unterstützt den Datentyp &apos;%2&apos; nicht (es unterstützt: %3)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a regular expression: %2</source>
        <translation>&apos;%1&apos; ist kein regulärer Ausdruck: %2</translation>
    </message>
    <message>
        <source>&apos;time&apos; must be a positive number of milliseconds, found %1</source>
        <translation>&apos;time&apos; muss eine positive Zahl von Millisekunden sein, gefunden: %1</translation>
    </message>
    <message>
        <source>&apos;time&apos; names no failure Kernel Tuner records (&apos;%1&apos;; it writes CompilationFailedConfig, RuntimeFailedConfig or InvalidConfig)</source>
        <translation>&apos;time&apos; nennt keinen Fehler, den Kernel Tuner aufzeichnet (&apos;%1&apos;; er schreibt CompilationFailedConfig, RuntimeFailedConfig oder InvalidConfig)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a string, found %2</source>
        <translation>&apos;%1&apos; muss ein String sein, gefunden: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an integer, found %2</source>
        <translation>&apos;%1&apos; muss eine ganze Zahl sein, gefunden: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an object, found %2</source>
        <translation>&apos;%1&apos; muss ein Objekt sein, gefunden: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an array, found %2</source>
        <translation>&apos;%1&apos; muss ein Array sein, gefunden: %2</translation>
    </message>
    <message>
        <source>&apos;id&apos; must be a positive integer</source>
        <translation>&apos;id&apos; muss eine positive ganze Zahl sein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be %2, found %3</source>
        <translation>&apos;%1&apos; muss %2 sein, gefunden: %3</translation>
    </message>
    <message>
        <source>must be an object, found %1</source>
        <translation>muss ein Objekt sein, gefunden: %1</translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos; (first at line %2, column %3); the last one counts</source>
        <translation>doppelter Schlüssel &apos;%1&apos; (zuerst in Zeile %2, Spalte %3); der letzte gilt</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels</source>
        <translation>tiefer als %1 Ebenen verschachtelt</translation>
    </message>
    <message>
        <source>number out of range: %1</source>
        <translation>Zahl außerhalb des Wertebereichs: %1</translation>
    </message>
    <message>
        <source>a workload may declare at most %1 knobs, found %2</source>
        <translation>eine Arbeitslast darf höchstens %1 Tuning-Parameter deklarieren, gefunden: %2</translation>
    </message>
    <message>
        <source>knob name &apos;%1&apos; must be an identifier (letters, digits, _; not starting with a digit)</source>
        <translation>Parametername &apos;%1&apos; muss ein Bezeichner sein (Buchstaben, Ziffern, _; nicht mit einer Ziffer am Anfang)</translation>
    </message>
    <message>
        <source>%1: a value must be one line of text without control characters</source>
        <translation>%1: ein Wert muss eine einzelne Textzeile ohne Steuerzeichen sein</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be a number, found %3</source>
        <translation>%1: &apos;%2&apos; muss eine Zahl sein, gefunden: %3</translation>
    </message>
    <message>
        <source>%1: &apos;description&apos; must be a string, found %2</source>
        <translation>%1: &apos;description&apos; muss ein String sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 must be at most %2, found %3</source>
        <translation>%1 darf höchstens %2 sein, gefunden: %3</translation>
    </message>
    <message>
        <source>%1: a tensor name must be an identifier (letters, digits, _; not starting with a digit)</source>
        <translation>%1: ein Tensorname muss ein Bezeichner sein (Buchstaben, Ziffern, _; nicht mit einer Ziffer am Anfang)</translation>
    </message>
    <message>
        <source>%1: a shape size of %2 is more than 2^40</source>
        <translation>%1: die shape-Größe %2 ist größer als 2^40</translation>
    </message>
    <message>
        <source>&apos;name&apos; must not hold control characters such as a line break</source>
        <translation>&apos;name&apos; darf keine Steuerzeichen wie einen Zeilenumbruch enthalten</translation>
    </message>
    <message>
        <source>dim name &apos;%1&apos; must be an identifier (letters, digits, _; not starting with a digit)</source>
        <translation>Dim-Name &apos;%1&apos; muss ein Bezeichner sein (Buchstaben, Ziffern, _; nicht mit einer Ziffer am Anfang)</translation>
    </message>
    <message>
        <source>dim &apos;%1&apos; is %2, more than 2^40</source>
        <translation>Dim &apos;%1&apos; ist %2, also größer als 2^40</translation>
    </message>
    <message>
        <source>the tensors take %1 GB, more than the %2 GB a workload may ask the harness to allocate (it keeps two sets of inputs and a copy of each output besides)</source>
        <translation>die Tensoren belegen %1 GB, mehr als die %2 GB, die eine Arbeitslast vom Harness anfordern darf (es hält zusätzlich zwei Sätze Eingaben und eine Kopie jeder Ausgabe vor)</translation>
    </message>
    <message>
        <source>&apos;correctness.seeds&apos; may list at most %1 seeds, found %2</source>
        <translation>&apos;correctness.seeds&apos; darf höchstens %1 Seeds aufführen, gefunden: %2</translation>
    </message>
    <message>
        <source>session %1 was made for another version of this workload (%2); use a new session folder</source>
        <translation>Sitzung %1 wurde für eine andere Version dieser Arbeitslast angelegt (%2); verwenden Sie einen neuen Sitzungsordner</translation>
    </message>
    <message>
        <source>&apos;planner&apos; must be &quot;search&quot; or &quot;llm&quot;, found &quot;%1&quot;</source>
        <translation>&apos;planner&apos; muss &quot;search&quot; oder &quot;llm&quot; sein, gefunden: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a recording read on its own needs a header with &apos;tune_params_keys&apos; and &apos;tune_params&apos; (Kernel Tuner&apos;s cache files have both); give a workload instead</source>
        <translation>eine allein gelesene Aufzeichnung braucht einen Kopf mit &apos;tune_params_keys&apos; und &apos;tune_params&apos; (Kernel-Tuner-Cachedateien haben beide); geben Sie sonst eine Arbeitslast an</translation>
    </message>
    <message>
        <source>&apos;tune_params&apos; lists no values for &apos;%1&apos;</source>
        <translation>&apos;tune_params&apos; nennt keine Werte für &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a value of &apos;%1&apos; is neither a number nor a string</source>
        <translation>ein Wert von &apos;%1&apos; ist weder Zahl noch String</translation>
    </message>
    <message>
        <source>restriction &apos;%1&apos;: %2</source>
        <translation>Einschränkung &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>restriction &apos;%1&apos;: %2 (the knobs with numeric values are: %3)</source>
        <translation>Einschränkung &apos;%1&apos;: %2 (die Tuning-Parameter mit Zahlenwerten sind: %3)</translation>
    </message>
    <message>
        <source>not a search-space file: &apos;ConfigurationSpace&apos; is missing (benchmark_hub&apos;s kernels/*.json format)</source>
        <translation>keine Suchraum-Datei: &apos;ConfigurationSpace&apos; fehlt (Format kernels/*.json von benchmark_hub)</translation>
    </message>
    <message>
        <source>&apos;Conditions&apos; must be an array</source>
        <translation>&apos;Conditions&apos; muss ein Array sein</translation>
    </message>
    <message>
        <source>a condition needs an &apos;Expression&apos; string</source>
        <translation>eine Bedingung braucht einen String &apos;Expression&apos;</translation>
    </message>
    <message>
        <source>cannot start the gzip decoder</source>
        <translation>der gzip-Decoder lässt sich nicht starten</translation>
    </message>
    <message>
        <source>the uncompressed data exceeds %1 MiB</source>
        <translation>die entpackten Daten überschreiten %1 MiB</translation>
    </message>
    <message>
        <source>corrupt gzip data (%1)</source>
        <translation>beschädigte gzip-Daten (%1)</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos;</source>
        <translation>unerwartetes &apos;%1&apos;</translation>
    </message>
    <message>
        <source>not a number: &apos;%1&apos;</source>
        <translation>keine Zahl: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>strings are not supported in a restriction</source>
        <translation>Strings werden in einer Einschränkung nicht unterstützt</translation>
    </message>
    <message>
        <source>unexpected character &apos;%1&apos;</source>
        <translation>unerwartetes Zeichen &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not supported in a restriction</source>
        <translation>&apos;%1&apos; wird in einer Einschränkung nicht unterstützt</translation>
    </message>
    <message>
        <source>expected &apos;)&apos;</source>
        <translation>&apos;)&apos; erwartet</translation>
    </message>
    <message>
        <source>unknown function &apos;%1&apos; (min, max and abs are known)</source>
        <translation>unbekannte Funktion &apos;%1&apos; (bekannt sind min, max und abs)</translation>
    </message>
    <message>
        <source>the restriction ends too early</source>
        <translation>die Einschränkung endet zu früh</translation>
    </message>
    <message>
        <source>target &apos;%1&apos; needs &apos;%2&apos; in the workload%3</source>
        <translation>Ziel &apos;%1&apos; braucht &apos;%2&apos; in der Arbeitslast%3</translation>
    </message>
    <message>
        <source> (global and local sizes, e.g. {&quot;global&quot;: [&quot;N&quot;], &quot;local&quot;: [&quot;64&quot;]})</source>
        <translation> (globale und lokale Größen, z. B. {&quot;global&quot;: [&quot;N&quot;], &quot;local&quot;: [&quot;64&quot;]})</translation>
    </message>
    <message>
        <source>%1 must be an array of sizes, found %2</source>
        <translation>%1 muss ein Array von Größen sein, gefunden: %2</translation>
    </message>
    <message>
        <source>a launch size must be a number or an expression, found %1</source>
        <translation>eine Startgröße muss eine Zahl oder ein Ausdruck sein, gefunden: %1</translation>
    </message>
    <message>
        <source>%1 must list 1 to 3 sizes, one per dimension</source>
        <translation>%1 muss 1 bis 3 Größen auflisten, eine je Dimension</translation>
    </message>
    <message>
        <source>launch size &apos;%1&apos;: %2</source>
        <translation>Startgröße &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>&apos;launch&apos; needs &apos;global&apos;: the work-items per dimension</source>
        <translation>&apos;launch&apos; braucht &apos;global&apos;: die Work-Items je Dimension</translation>
    </message>
    <message>
        <source>&apos;local&apos; must have as many sizes as &apos;global&apos; (%1)</source>
        <translation>&apos;local&apos; muss so viele Größen haben wie &apos;global&apos; (%1)</translation>
    </message>
    <message>
        <source>host &apos;%1&apos; must be &quot;local&quot;, user@host[:port], an ssh alias or slurm://LOGIN?partition=…</source>
        <translation>Host &apos;%1&apos; muss &quot;local&quot;, user@host[:port], ein SSH-Alias oder slurm://LOGIN?partition=… sein</translation>
    </message>
    <message>
        <source>%1 must not contain spaces</source>
        <translation>%1 darf keine Leerzeichen enthalten</translation>
    </message>
    <message>
        <source>&apos;hosts&apos; must name at least one host (e.g. &quot;local&quot;), or &apos;cluster&apos; a Slurm cluster</source>
        <translation>&apos;hosts&apos; muss mindestens einen Host nennen (z. B. &quot;local&quot;) oder &apos;cluster&apos; einen Slurm-Cluster</translation>
    </message>
    <message>
        <source>&apos;max_speedup_over_baseline&apos; must be 0 (no bound) or at least 1, found %1</source>
        <translation>&apos;max_speedup_over_baseline&apos; muss 0 (keine Grenze) oder mindestens 1 sein, gefunden: %1</translation>
    </message>
    <message>
        <source>unknown role &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Rolle &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <source>metric &apos;%1&apos; already has the role &apos;%2&apos;</source>
        <translation>Metrik &apos;%1&apos; hat die Rolle &apos;%2&apos; bereits</translation>
    </message>
    <message>
        <source>metric &apos;%1&apos; is in the catalog twice</source>
        <translation>Metrik &apos;%1&apos; steht zweimal im Katalog</translation>
    </message>
    <message>
        <source>the recording&apos;s problem_size [%1] is not this workload&apos;s problem (%2): its times belong to another size</source>
        <translation>die problem_size [%1] der Aufzeichnung ist nicht das Problem dieser Arbeitslast (%2): ihre Zeiten gehören zu einer anderen Größe</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>nicht lesbar: %1</translation>
    </message>
    <message>
        <source>%1 must be an array of objects, found %2</source>
        <translation>%1 muss ein Array von Objekten sein, gefunden: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n optional figures (times, compile_time, GFLOP/s, …) are not of their kind and were read as absent; this is the first</source>
        <translation>
            <numerusform>%n optionale Angabe (times, compile_time, GFLOP/s, …) hat nicht ihren Typ und wurde als fehlend gelesen; dies ist die erste</numerusform>
            <numerusform>%n optionale Angaben (times, compile_time, GFLOP/s, …) haben nicht ihren Typ und wurden als fehlend gelesen; dies ist die erste</numerusform>
        </translation>
    </message>
    <message>
        <source>not a kwb.calibration/1 document</source>
        <translation>kein kwb.calibration/1-Dokument</translation>
    </message>
    <message>
        <source>no numeric &apos;%1&apos; (peak GFLOP/s) and &apos;%2&apos; (bandwidth in GB/s) in the calibration document</source>
        <translation>kein numerisches &apos;%1&apos; (Spitzen-GFLOP/s) und &apos;%2&apos; (Bandbreite in GB/s) im Kalibrierungsdokument</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a plain name (letters, digits and &apos;_&apos;)</source>
        <translation>&apos;%1&apos; ist kein einfacher Name (Buchstaben, Ziffern und &apos;_&apos;)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is already the name of a metric, an input or another calibration figure</source>
        <translation>&apos;%1&apos; ist bereits der Name einer Metrik, einer Eingabe oder eines anderen Kalibrierungswerts</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is an input of every formula; a derived metric cannot take its name</source>
        <translation>&apos;%1&apos; ist eine Eingabe jeder Formel; eine abgeleitete Metrik kann nicht so heißen</translation>
    </message>
</context>
<context>
    <name>kwb</name>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Trust an SSH host seen for the first time (a changed key is always refused).</source>
        <translation>Einem zum ersten Mal gesehenen SSH-Host vertrauen (ein geänderter Schlüssel wird immer abgelehnt).</translation>
    </message>
    <message>
        <source>Keep the passphrase of an encrypted SSH key in the system keychain (never in a file).</source>
        <translation>Die Passphrase eines verschlüsselten SSH-Schlüssels im Schlüsselbund des Systems behalten (nie in einer Datei).</translation>
    </message>
    <message>
        <source>wrong; passphrase for %1: </source>
        <translation>falsch; Passphrase für %1: </translation>
    </message>
    <message>
        <source>passphrase for %1: </source>
        <translation>Passphrase für %1: </translation>
    </message>
    <message>
        <source>kwb hosts check WORKLOAD: for every host of the workload (or each --host), whether it is reachable, authenticated and has what the target needs, and what to do about what is missing.</source>
        <translation>kwb hosts check WORKLOAD: für jeden Host der Arbeitslast (oder jeden --host), ob er erreichbar und angemeldet ist und hat, was das Ziel braucht, und was bei Fehlendem zu tun ist.</translation>
    </message>
    <message>
        <source>the only action so far</source>
        <translation>die bisher einzige Aktion</translation>
    </message>
    <message>
        <source>Check this host instead (repeatable).</source>
        <translation>Stattdessen diesen Host prüfen (wiederholbar).</translation>
    </message>
    <message>
        <source>usage: kwb hosts check WORKLOAD [--host HOST]…</source>
        <translation>Aufruf: kwb hosts check WORKLOAD [--host HOST]…</translation>
    </message>
    <message>
        <source>Compile, check and time one kernel of a workload on the local host.</source>
        <translation>Einen Kernel einer Arbeitslast auf dem lokalen Host kompilieren, prüfen und messen.</translation>
    </message>
    <message>
        <source>Evaluate the template with NAME=VALUE (repeatable); other knobs take their defaults.</source>
        <translation>Die Vorlage mit NAME=WERT auswerten (wiederholbar); andere Tuning-Parameter behalten ihre Vorgaben.</translation>
    </message>
    <message>
        <source>Evaluate this kernel file instead of the workload&apos;s starting kernel.</source>
        <translation>Diese Kernel-Datei statt des Start-Kernels der Arbeitslast auswerten.</translation>
    </message>
    <message>
        <source>Record the evaluation in this session folder (created if new).</source>
        <translation>Die Auswertung in diesem Sitzungsordner aufzeichnen (neu angelegt, falls nötig).</translation>
    </message>
    <message>
        <source>Print the result document (kwb.result/1, enriched) instead of the summary.</source>
        <translation>Das Ergebnisdokument (kwb.result/1, angereichert) statt der Zusammenfassung ausgeben.</translation>
    </message>
    <message>
        <source>Check over N seeds (default: the workload&apos;s).</source>
        <translation>Über N Seeds prüfen (Vorgabe: die der Arbeitslast).</translation>
    </message>
    <message>
        <source>Timed iterations (default: the workload&apos;s).</source>
        <translation>Gemessene Iterationen (Vorgabe: die der Arbeitslast).</translation>
    </message>
    <message>
        <source>Per-stage time limit in seconds (default: the workload&apos;s).</source>
        <translation>Zeitlimit je Stufe in Sekunden (Vorgabe: das der Arbeitslast).</translation>
    </message>
    <message>
        <source>Flush the caches before each timed call.</source>
        <translation>Vor jedem gemessenen Aufruf die Caches leeren.</translation>
    </message>
    <message>
        <source>Measure the machine&apos;s peaks again instead of using the cache.</source>
        <translation>Die Spitzenwerte der Maschine neu messen statt den Cache zu nutzen.</translation>
    </message>
    <message>
        <source>Do not echo the harness&apos;s console output.</source>
        <translation>Die Konsolenausgabe des Harness nicht wiedergeben.</translation>
    </message>
    <message>
        <source>Evaluate on this host: local or user@host[:port] or an ~/.ssh/config alias (default: the workload&apos;s first).</source>
        <translation>Auf diesem Host auswerten: local oder user@host[:port] oder ein Alias aus ~/.ssh/config (Vorgabe: der erste der Arbeitslast).</translation>
    </message>
    <message>
        <source>expected exactly one workload file</source>
        <translation>genau eine Arbeitslast-Datei erwartet</translation>
    </message>
    <message>
        <source>--%1 needs a positive number, got &apos;%2&apos;</source>
        <translation>--%1 braucht eine positive Zahl, bekam &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--kernel and --knob exclude each other</source>
        <translation>--kernel und --knob schließen einander aus</translation>
    </message>
    <message>
        <source>invalid knob configuration %1:</source>
        <translation>ungültige Parameter-Konfiguration %1:</translation>
    </message>
    <message>
        <source>cannot read kernel %1: %2</source>
        <translation>Kernel %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>(answered from the session cache: candidate #%1 has the same normalized source)</source>
        <translation>(aus dem Sitzungs-Cache beantwortet: Kandidat #%1 hat denselben normalisierten Quelltext)</translation>
    </message>
    <message>
        <source>continuing without calibration: % of peak and the bottleneck class will be missing</source>
        <translation>weiter ohne Kalibrierung: % der Spitze und die Engpassklasse werden fehlen</translation>
    </message>
    <message>
        <source>could not record the evaluation: %1</source>
        <translation>die Auswertung konnte nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>infrastructure failure (nothing is known about the kernel): %1</source>
        <translation>Infrastrukturfehler (über den Kernel ist nichts bekannt): %1</translation>
    </message>
    <message>
        <source>workload.json (not needed to resume a session)</source>
        <translation>workload.json (zum Fortsetzen einer Sitzung nicht nötig)</translation>
    </message>
    <message>
        <source>Session folder: created if new, resumed if it exists.</source>
        <translation>Sitzungsordner: neu angelegt oder, falls vorhanden, fortgesetzt.</translation>
    </message>
    <message>
        <source>Search strategy: model (default), coordinate, random, exhaustive.</source>
        <translation>Suchstrategie: model (Vorgabe), coordinate, random, exhaustive.</translation>
    </message>
    <message>
        <source>Evaluate at most N candidates in this run (the starting kernel and baselines count).</source>
        <translation>In diesem Lauf höchstens N Kandidaten auswerten (der Start-Kernel und jede Basis zählen mit).</translation>
    </message>
    <message>
        <source>Stop starting new rounds after S seconds.</source>
        <translation>Nach S Sekunden keine neuen Runden mehr beginnen.</translation>
    </message>
    <message>
        <source>Stop after N rounds without improvement (default 8; 0 = never).</source>
        <translation>Nach N Runden ohne Verbesserung aufhören (Vorgabe 8; 0 = nie).</translation>
    </message>
    <message>
        <source>Candidates proposed per round (default: the workload&apos;s batch, else 1).</source>
        <translation>Vorgeschlagene Kandidaten je Runde (Vorgabe: der Batch der Arbeitslast, sonst 1).</translation>
    </message>
    <message>
        <source>Evaluations at once on the local host (default 1, so timings do not interfere).</source>
        <translation>Gleichzeitige Auswertungen auf dem lokalen Host (Vorgabe 1, damit sich Messungen nicht stören).</translation>
    </message>
    <message>
        <source>Seed of the search (default 1).</source>
        <translation>Seed der Suche (Vorgabe 1).</translation>
    </message>
    <message>
        <source>Print only the candidate lines and the summary.</source>
        <translation>Nur die Kandidatenzeilen und die Zusammenfassung ausgeben.</translation>
    </message>
    <message>
        <source>--session DIR is required (the session is where the run is recorded and resumed)</source>
        <translation>--session DIR ist nötig (in der Sitzung wird der Lauf aufgezeichnet und fortgesetzt)</translation>
    </message>
    <message>
        <source>%1 is not a session yet; name the workload to start one</source>
        <translation>%1 ist noch keine Sitzung; nennen Sie die Arbeitslast, um eine zu beginnen</translation>
    </message>
    <message>
        <source>--batch takes a positive number of candidates</source>
        <translation>--batch erwartet eine positive Anzahl Kandidaten</translation>
    </message>
    <message>
        <source>unknown strategy &apos;%1&apos; (model, coordinate, random, exhaustive)</source>
        <translation>unbekannte Strategie &apos;%1&apos; (model, coordinate, random, exhaustive)</translation>
    </message>
    <message>
        <source>host %1 is down; its work goes to the others</source>
        <translation>Host %1 ist ausgefallen; seine Arbeit geht an die anderen</translation>
    </message>
    <message>
        <source>host %1 is up again</source>
        <translation>Host %1 ist wieder erreichbar</translation>
    </message>
    <message numerus="yes">
        <source>resuming %1: %n candidates recorded</source>
        <translation>
            <numerusform>setze %1 fort: %n Kandidat aufgezeichnet</numerusform>
            <numerusform>setze %1 fort: %n Kandidaten aufgezeichnet</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 on %3, session %4</source>
        <translation>%1: %2 auf %3, Sitzung %4</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>noch etwa %1</translation>
    </message>
    <message>
        <source>[%1%2] %3/%4 · round %5 · %6</source>
        <translation>[%1%2] %3/%4 · Runde %5 · %6</translation>
    </message>
    <message>
        <source>evaluating #%1 %2</source>
        <translation>werte #%1 %2 aus</translation>
    </message>
    <message>
        <source>#%1: host problem, retry %2: %3</source>
        <translation>#%1: Host-Problem, Versuch %2: %3</translation>
    </message>
    <message>
        <source>#%1 reverted to #%2: %3</source>
        <translation>#%1 zurückgesetzt auf #%2: %3</translation>
    </message>
    <message>
        <source>stopping after the running candidate is recorded (Ctrl-C again to abandon it)</source>
        <translation>halte an, sobald der laufende Kandidat aufgezeichnet ist (erneut Strg-C, um ihn aufzugeben)</translation>
    </message>
    <message>
        <source>abandoning the running candidate</source>
        <translation>gebe den laufenden Kandidaten auf</translation>
    </message>
    <message>
        <source>resume with: kwb run --session %1</source>
        <translation>fortsetzen mit: kwb run --session %1</translation>
    </message>
    <message>
        <source>session folder</source>
        <translation>Sitzungsordner</translation>
    </message>
    <message>
        <source>Comma-separated values, one row per candidate.</source>
        <translation>Kommagetrennte Werte, eine Zeile je Kandidat.</translation>
    </message>
    <message>
        <source>The records as JSON.</source>
        <translation>Die Datensätze als JSON.</translation>
    </message>
    <message>
        <source>usage: kwb validate WORKLOAD</source>
        <translation>Aufruf: kwb validate WORKLOAD</translation>
    </message>
    <message>
        <source>%1: ok — %2 for %3, goal %4</source>
        <translation>%1: in Ordnung — %2 für %3, Ziel %4</translation>
    </message>
    <message>
        <source>work: %1 GFLOP, %2 MB compulsory traffic</source>
        <translation>Arbeit: %1 GFLOP, %2 MB unvermeidlicher Datenverkehr</translation>
    </message>
    <message>
        <source>knobs: %1, %2 configurations, %3 valid under %4 constraint(s)</source>
        <translation>Tuning-Parameter: %1, %2 Konfigurationen, %3 gültig unter %4 Bedingung(en)</translation>
    </message>
    <message>
        <source>Target profile (default cpu-cxx).</source>
        <translation>Zielprofil (Vorgabe cpu-cxx).</translation>
    </message>
    <message>
        <source>Measure again even if a cached calibration exists.</source>
        <translation>Neu messen, auch wenn eine gespeicherte Kalibrierung existiert.</translation>
    </message>
    <message>
        <source>Print the calibration document.</source>
        <translation>Das Kalibrierungsdokument ausgeben.</translation>
    </message>
    <message>
        <source>local (%1): peak %2 GFLOP/s (1 core, %3), memory bandwidth %4 GB/s, ridge %5 FLOP/byte</source>
        <translation>lokal (%1): Spitze %2 GFLOP/s (1 Kern, %3), Speicherbandbreite %4 GB/s, Knickpunkt %5 FLOP/Byte</translation>
    </message>
    <message>
        <source>[cached %1; --force to measure again]</source>
        <translation>[gespeichert %1; --force misst neu]</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>id</source>
        <translation>Nr</translation>
    </message>
    <message>
        <source>rnd</source>
        <translation>Rd</translation>
    </message>
    <message>
        <source>origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>Faktor</translation>
    </message>
    <message>
        <source>decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>(best is %1× as fast)</source>
        <translation>(der beste ist %1× so schnell)</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>= %1% of measured peak</source>
        <translation>= %1% der gemessenen Spitze</translation>
    </message>
    <message>
        <source>best</source>
        <translation>bester</translation>
    </message>
    <message>
        <source>%1× over the start</source>
        <translation>%1× gegenüber dem Start</translation>
    </message>
    <message>
        <source>no correct kernel yet</source>
        <translation>noch kein korrekter Kernel</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>evaluations</source>
        <translation>Auswertungen</translation>
    </message>
    <message>
        <source>%1 this run, %2 in the session; failures: %3</source>
        <translation>%1 in diesem Lauf, %2 in der Sitzung; Fehlschläge: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%n lost to the host (not counted)</source>
        <translation>
            <numerusform>%n durch Host-Probleme verloren (nicht gezählt)</numerusform>
            <numerusform>%n durch Host-Probleme verloren (nicht gezählt)</numerusform>
        </translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>compile %1 s, check %2 s, bench %3 s</source>
        <translation>Kompilieren %1 s, Prüfen %2 s, Messen %3 s</translation>
    </message>
    <message numerus="yes">
        <source>[… %n more lines in the session log]</source>
        <translation>
            <numerusform>[… %n weitere Zeile im Sitzungsprotokoll]</numerusform>
            <numerusform>[… %n weitere Zeilen im Sitzungsprotokoll]</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2 on %3 · %4 (sha %5)</source>
        <translation>%1 · %2 auf %3 · %4 (sha %5)</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>broken: %1 (fix the workload, not the kernel)</source>
        <translation>defekt: %1 (die Arbeitslast reparieren, nicht den Kernel)</translation>
    </message>
    <message>
        <source>compiler log:</source>
        <translation>Compiler-Protokoll:</translation>
    </message>
    <message>
        <source>compiled</source>
        <translation>kompiliert</translation>
    </message>
    <message>
        <source>yes (%1 s)</source>
        <translation>ja (%1 s)</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>nein: %1</translation>
    </message>
    <message>
        <source>seed %1 %2  rel L2 %3  max abs %4</source>
        <translation>Seed %1 %2  rel. L2 %3  max. abs. %4</translation>
    </message>
    <message numerus="yes">
        <source>%n elements off</source>
        <translation>
            <numerusform>%n Element daneben</numerusform>
            <numerusform>%n Elemente daneben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n NaN/Inf or unwritten)</source>
        <translation>
            <numerusform>(%n NaN/Inf oder nicht geschrieben)</numerusform>
            <numerusform>(%n NaN/Inf oder nicht geschrieben)</numerusform>
        </translation>
    </message>
    <message>
        <source>correct</source>
        <translation>korrekt</translation>
    </message>
    <message>
        <source>yes, %1/%2 checks within %3; worst rel L2 %4, max abs %5</source>
        <translation>ja, %1/%2 Prüfungen innerhalb %3; schlechtester rel. L2 %4, max. abs. %5</translation>
    </message>
    <message>
        <source>NO, %1/%2 checks within %3; worst rel L2 %4, max abs %5</source>
        <translation>NEIN, %1/%2 Prüfungen innerhalb %3; schlechtester rel. L2 %4, max. abs. %5</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 during %2: %3</source>
        <translation>%1 während %2: %3</translation>
    </message>
    <message>
        <source>bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>median %1 ms, min %2 ms, p90 %3 ms; spread %4% (IQR/median) over %5 samples</source>
        <translation>Median %1 ms, Min. %2 ms, p90 %3 ms; Streuung %4% (IQR/Median) über %5 Stichproben</translation>
    </message>
    <message>
        <source>× %1 calls</source>
        <translation>× %1 Aufrufe</translation>
    </message>
    <message>
        <source>= %1% of measured peak (%2 GFLOP/s, 1 core fp32)</source>
        <translation>= %1% der gemessenen Spitze (%2 GFLOP/s, 1 Kern fp32)</translation>
    </message>
    <message>
        <source>(no calibration, so no % of peak)</source>
        <translation>(keine Kalibrierung, daher kein % der Spitze)</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>%1 GB/s compulsory traffic</source>
        <translation>%1 GB/s unvermeidlicher Datenverkehr</translation>
    </message>
    <message>
        <source>= %1% of measured bandwidth (%2 GB/s)</source>
        <translation>= %1% der gemessenen Bandbreite (%2 GB/s)</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>Bandbreite</translation>
    </message>
    <message>
        <source>cache misses %1% of references</source>
        <translation>Cache-Fehlzugriffe %1% der Zugriffe</translation>
    </message>
    <message>
        <source>counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>unavailable: %1</source>
        <translation>nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Write a session&apos;s knob measurements as a Kernel Tuner cache file (schema 1.1.0).</source>
        <translation>Die Parameter-Messungen einer Sitzung als Kernel-Tuner-Cachedatei schreiben (Schema 1.1.0).</translation>
    </message>
    <message>
        <source>Write to FILE instead of standard output.</source>
        <translation>In DATEI statt auf die Standardausgabe schreiben.</translation>
    </message>
    <message>
        <source>name one session folder</source>
        <translation>nennen Sie einen Sitzungsordner</translation>
    </message>
    <message>
        <source>the workload has no knobs, so there is nothing to export</source>
        <translation>die Arbeitslast hat keine Tuning-Parameter, also gibt es nichts zu exportieren</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n configurations</source>
        <translation>
            <numerusform>%n Konfiguration</numerusform>
            <numerusform>%n Konfigurationen</numerusform>
        </translation>
    </message>
    <message>
        <source>Add the measurements of a Kernel Tuner cache file to a session, so the search learns from them and never measures those configurations again.</source>
        <translation>Die Messungen einer Kernel-Tuner-Cachedatei einer Sitzung hinzufügen, damit die Suche daraus lernt und diese Konfigurationen nie wieder misst.</translation>
    </message>
    <message>
        <source>Kernel Tuner cache file (.json)</source>
        <translation>Kernel-Tuner-Cachedatei (.json)</translation>
    </message>
    <message>
        <source>workload.json (not needed for an existing session)</source>
        <translation>workload.json (für eine bestehende Sitzung nicht nötig)</translation>
    </message>
    <message>
        <source>Session folder: created if new.</source>
        <translation>Sitzungsordner: neu angelegt, falls nötig.</translation>
    </message>
    <message>
        <source>usage: kwb import CACHE.json [WORKLOAD] --session DIR</source>
        <translation>Aufruf: kwb import CACHE.json [WORKLOAD] --session DIR</translation>
    </message>
    <message>
        <source>Comma-separated strategies (default: all).</source>
        <translation>Kommagetrennte Strategien (Vorgabe: alle).</translation>
    </message>
    <message>
        <source>Replays per strategy, seeds 1..N (default 100).</source>
        <translation>Wiederholungen je Strategie, Seeds 1..N (Vorgabe 100).</translation>
    </message>
    <message>
        <source>the recording holds no successful measurement</source>
        <translation>die Aufzeichnung enthält keine erfolgreiche Messung</translation>
    </message>
    <message>
        <source>unknown strategy &apos;%1&apos; (exhaustive, random, coordinate, model)</source>
        <translation>unbekannte Strategie &apos;%1&apos; (exhaustive, random, coordinate, model)</translation>
    </message>
    <message>
        <source>recording</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>%1: %2 configurations (%3 failed) of %4 valid, on %5</source>
        <translation>%1: %2 Konfigurationen (%3 fehlgeschlagen) von %4 gültigen, auf %5</translation>
    </message>
    <message>
        <source>optimum</source>
        <translation>Optimum</translation>
    </message>
    <message>
        <source>within 95%</source>
        <translation>bis 95 %</translation>
    </message>
    <message>
        <source>replays</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>%1 seeds per strategy, budget %2 evaluations</source>
        <translation>%1 Seeds je Strategie, Budget %2 Auswertungen</translation>
    </message>
    <message>
        <source>warning: the recording lacks configurations the strategies proposed (up to %1 per replay); they counted as failures</source>
        <translation>Warnung: der Aufzeichnung fehlen Konfigurationen, die die Strategien vorschlugen (bis zu %1 je Wiederholung); sie zählten als Fehlschläge</translation>
    </message>
    <message>
        <source>Who proposes candidates: search (the built-in knob search) or llm (default: the workload&apos;s planner).</source>
        <translation>Wer Kandidaten vorschlägt: search (die eingebaute Parametersuche) oder llm (Vorgabe: der Planer der Arbeitslast).</translation>
    </message>
    <message>
        <source>LLM provider: openai (any OpenAI-compatible server), anthropic, or command (default: the workload&apos;s llm.provider).</source>
        <translation>LLM-Anbieter: openai (jeder OpenAI-kompatible Server), anthropic oder command (Vorgabe: llm.provider der Arbeitslast).</translation>
    </message>
    <message>
        <source>LLM model name (default: the workload&apos;s llm.model).</source>
        <translation>Name des LLM-Modells (Vorgabe: llm.model der Arbeitslast).</translation>
    </message>
    <message>
        <source>Base URL of the LLM server (default: $OPENAI_BASE_URL or $ANTHROPIC_BASE_URL, else the public API).</source>
        <translation>Basis-URL des LLM-Servers (Vorgabe: $OPENAI_BASE_URL oder $ANTHROPIC_BASE_URL, sonst die öffentliche API).</translation>
    </message>
    <message>
        <source>Environment variable holding the API key (default: OPENAI_API_KEY or ANTHROPIC_API_KEY).</source>
        <translation>Umgebungsvariable mit dem API-Schlüssel (Vorgabe: OPENAI_API_KEY oder ANTHROPIC_API_KEY).</translation>
    </message>
    <message>
        <source>For --provider command: the program that reads the prompt on stdin and answers on stdout, with its arguments.</source>
        <translation>Für --provider command: das Programm, das den Prompt von stdin liest und auf stdout antwortet, mit seinen Argumenten.</translation>
    </message>
    <message>
        <source>Stop when the session&apos;s LLM calls have cost this many US$ (prices: llm.price_in and llm.price_out per million tokens).</source>
        <translation>Anhalten, wenn die LLM-Aufrufe der Sitzung so viele US$ gekostet haben (Preise: llm.price_in und llm.price_out je Million Tokens).</translation>
    </message>
    <message>
        <source>round %1 US$ %2</source>
        <translation>Runde %1 US$ %2</translation>
    </message>
    <message>
        <source>llm</source>
        <translation>LLM</translation>
    </message>
    <message numerus="yes">
        <source>%n calls</source>
        <translation>
            <numerusform>%n Aufruf</numerusform>
            <numerusform>%n Aufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n failed)</source>
        <translation>
            <numerusform>(%n fehlgeschlagen)</numerusform>
            <numerusform>(%n fehlgeschlagen)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out, US$ %3, %4 s</source>
        <translation>%1 Tokens hinein, %2 heraus, US$ %3, %4 s</translation>
    </message>
    <message>
        <source>Let the rules, not the LLM, write the optimization memory and the reflexions (fewer calls).</source>
        <translation>Die Regeln statt des LLM schreiben das Optimierungsgedächtnis und die Reflexionen (weniger Aufrufe).</translation>
    </message>
    <message>
        <source>--prompts: %1 is not a folder</source>
        <translation>--prompts: %1 ist kein Ordner</translation>
    </message>
    <message>
        <source>Kernels the executor writes for each plan (default: the workload&apos;s llm.samples, else 1); a round&apos;s batch holds plans times samples.</source>
        <translation>Kernel, die der Ausführer je Plan schreibt (Vorgabe: llm.samples der Arbeitslast, sonst 1); der Batch einer Runde umfasst Pläne mal Kernel je Plan.</translation>
    </message>
    <message>
        <source>A folder of your own prompt templates (planner.md, executor.md, …), used before the built-in ones.</source>
        <translation>Ein Ordner eigener Prompt-Vorlagen (planner.md, executor.md, …), vor den eingebauten verwendet.</translation>
    </message>
    <message numerus="yes">
        <source>%n sent back to the LLM for a fix</source>
        <translation>
            <numerusform>%n zur Korrektur an das LLM zurückgegeben</numerusform>
            <numerusform>%n zur Korrektur an das LLM zurückgegeben</numerusform>
        </translation>
    </message>
    <message>
        <source>Run the optimization loop on the workload&apos;s hosts with the knob search or the LLM planner.</source>
        <translation>Die Optimierungsschleife auf den Hosts der Arbeitslast mit der Parametersuche oder dem LLM-Planer ausführen.</translation>
    </message>
    <message>
        <source>local (%1): peak TFLOP/s %2; memory bandwidth %3 GB/s</source>
        <translation>lokal (%1): Spitze in TFLOP/s %2; Speicherbandbreite %3 GB/s</translation>
    </message>
    <message>
        <source>(interpreter time on the CPU, never a GPU time)</source>
        <translation>(Interpreterzeit auf der CPU, niemals eine GPU-Zeit)</translation>
    </message>
    <message>
        <source>= %1% of the measured %2 peak of %3 (%4 GFLOP/s)</source>
        <translation>= %1 % der gemessenen %2-Spitze von %3 (%4 GFLOP/s)</translation>
    </message>
    <message>
        <source>resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>%1 registers per thread, %2 bytes spilled, %3 bytes static shared memory</source>
        <translation>%1 Register pro Thread, %2 Bytes ausgelagert, %3 Bytes statischer Shared Memory</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>markiert</translation>
    </message>
    <message>
        <source>internal error: %1 (please report it with the file that caused it)</source>
        <translation>interner Fehler: %1 (bitte melden Sie ihn zusammen mit der Datei, die ihn ausgelöst hat)</translation>
    </message>
    <message>
        <source>Evaluations per replay (default: the whole space, at most four times the recording).</source>
        <translation>Auswertungen je Wiederholung (Vorgabe: der ganze Raum, höchstens das Vierfache der Aufzeichnung).</translation>
    </message>
    <message>
        <source>stopped before the first evaluation</source>
        <translation>vor der ersten Auswertung angehalten</translation>
    </message>
    <message>
        <source>stopped by the engineer</source>
        <translation>vom Entwickler angehalten</translation>
    </message>
    <message>
        <source>best: #%1 %2</source>
        <translation>bestes: #%1 %2</translation>
    </message>
    <message>
        <source>This run&apos;s goal for the workload&apos;s metric (default: the workload&apos;s goal); with --session alone it continues a run that reached its goal.</source>
        <translation>Das Ziel dieses Laufs für die Metrik der Arbeitslast (Vorgabe: das Ziel der Arbeitslast); mit --session allein setzt es einen Lauf fort, der sein Ziel erreicht hat.</translation>
    </message>
    <message>
        <source>The round limit of the session (default: the workload&apos;s rounds); raise it to continue a run that reached its limit.</source>
        <translation>Die Rundengrenze der Sitzung (Vorgabe: die Runden der Arbeitslast); erhöhen Sie sie, um einen Lauf fortzusetzen, der seine Grenze erreicht hat.</translation>
    </message>
    <message>
        <source>--goal takes a number, got &apos;%1&apos;</source>
        <translation>--goal erwartet eine Zahl, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--rounds takes a positive number of rounds</source>
        <translation>--rounds erwartet eine positive Anzahl von Runden</translation>
    </message>
    <message>
        <source>usage: kwb COMMAND [options]

Commands:
  run WORKLOAD --session DIR
                     run the optimization loop (built-in knob search); run
                     again with --session DIR alone to resume
  report DIR         list a session&apos;s candidates (--csv, --json)
  export DIR         a session&apos;s knob measurements as a Kernel Tuner cache file
  import CACHE --session DIR [WORKLOAD]
                     add a Kernel Tuner cache file&apos;s measurements to a session
  simulate RECORDING [--restrict EXPR]... [--space FILE]
  simulate WORKLOAD --cache FILE
                     replay the search strategies against a recorded space
  hosts check WORKLOAD
                     is every host reachable, authenticated, equipped?
  eval WORKLOAD      compile, check and time one kernel of a workload and
                     print a summary (the starting kernel unless --knob or
                     --kernel says otherwise)
  validate WORKLOAD  check a workload file and describe its knob space
  calibrate          measure this host&apos;s peak FLOP/s and memory bandwidth
  targets            list the target profiles kwb can find

Run &apos;kwb COMMAND --help&apos; for a command&apos;s options.
Exit status: 0 ok, 1 the kernel failed (compile, wrong, crash, timeout),
2 bad input, 3 the host or harness failed.
</source>
        <translation>Aufruf: kwb BEFEHL [Optionen]

Befehle:
  run WORKLOAD --session DIR
                     die Optimierungsschleife ausführen (eingebaute Parametersuche);
                     erneut mit nur --session DIR, um fortzusetzen
  report DIR         die Kandidaten einer Sitzung auflisten (--csv, --json)
  export DIR         die Parameter-Messungen einer Sitzung als Kernel-Tuner-Cachedatei
  import CACHE --session DIR [WORKLOAD]
                     die Messungen einer Kernel-Tuner-Cachedatei einer Sitzung hinzufügen
  simulate RECORDING [--restrict EXPR]... [--space FILE]
  simulate WORKLOAD --cache FILE
                     die Suchstrategien gegen einen aufgezeichneten Raum abspielen
  hosts check WORKLOAD
                     ist jeder Host erreichbar, angemeldet, ausgestattet?
  eval WORKLOAD      einen Kernel einer Arbeitslast kompilieren, prüfen und messen
                     und eine Zusammenfassung ausgeben (der Start-Kernel, außer
                     --knob oder --kernel sagen etwas anderes)
  validate WORKLOAD  eine Arbeitslast-Datei prüfen und ihren Parameterraum beschreiben
  calibrate          Spitzen-FLOP/s und Speicherbandbreite dieses Hosts messen
  targets            die Zielprofile auflisten, die kwb findet

&apos;kwb BEFEHL --help&apos; zeigt die Optionen eines Befehls.
Exit-Status: 0 in Ordnung, 1 der Kernel scheiterte (Kompilieren, falsch, Absturz,
Zeitüberschreitung), 2 fehlerhafte Eingabe, 3 Host oder Harness scheiterte.
</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>nicht lesbar: %1</translation>
    </message>
    <message>
        <source>--restrict and --space describe a recording read on its own; with a workload, its constraints restrict the space</source>
        <translation>--restrict und --space beschreiben eine allein gelesene Aufzeichnung; mit einer Arbeitslast schränken deren Bedingungen den Raum ein</translation>
    </message>
    <message>
        <source>Replay the search strategies against a recorded knob space (a Kernel Tuner cache file, gzip-compressed or not) without compiling anything: evaluations each needs to reach 90% and 95% of the recorded optimum, counting every proposal, failed configurations included. The space is the file&apos;s own (its header&apos;s tune_params, restricted by --restrict or --space) or a workload&apos;s (with --cache).</source>
        <translation>Die Suchstrategien gegen einen aufgezeichneten Parameterraum (eine Kernel-Tuner-Cachedatei, gzip-komprimiert oder nicht) abspielen, ohne etwas zu kompilieren: wie viele Auswertungen jede braucht, um 90 % und 95 % des aufgezeichneten Optimums zu erreichen, wobei jeder Vorschlag zählt, gescheiterte Konfigurationen eingeschlossen. Der Raum ist der eigene der Datei (tune_params ihres Kopfes, eingeschränkt durch --restrict oder --space) oder der einer Arbeitslast (mit --cache).</translation>
    </message>
    <message>
        <source>A Kernel Tuner cache file; or, with --cache, the workload.json whose knob space was recorded</source>
        <translation>Eine Kernel-Tuner-Cachedatei; oder, mit --cache, die workload.json, deren Parameterraum aufgezeichnet wurde</translation>
    </message>
    <message>
        <source>The recording, when the first argument is a workload.</source>
        <translation>Die Aufzeichnung, wenn das erste Argument eine Arbeitslast ist.</translation>
    </message>
    <message>
        <source>A restriction of the recorded space in Kernel Tuner&apos;s (Python) syntax, e.g. &apos;32 &lt;= block_size_x * block_size_y &lt;= 1024&apos; (repeatable).</source>
        <translation>Eine Einschränkung des aufgezeichneten Raums in der (Python-)Syntax von Kernel Tuner, z. B. &apos;32 &lt;= block_size_x * block_size_y &lt;= 1024&apos; (wiederholbar).</translation>
    </message>
    <message>
        <source>A search-space file in benchmark_hub&apos;s format (kernels/*.json): its Conditions restrict the recorded space.</source>
        <translation>Eine Suchraum-Datei im Format von benchmark_hub (kernels/*.json): ihre Conditions schränken den aufgezeichneten Raum ein.</translation>
    </message>
    <message>
        <source>Print the figures as one JSON document.</source>
        <translation>Die Zahlen als ein JSON-Dokument ausgeben.</translation>
    </message>
    <message>
        <source>usage: kwb simulate RECORDING [--restrict EXPR]... [--space FILE], or kwb simulate WORKLOAD --cache FILE</source>
        <translation>Aufruf: kwb simulate RECORDING [--restrict EXPR]... [--space FILE] oder kwb simulate WORKLOAD --cache FILE</translation>
    </message>
    <message numerus="yes">
        <source>%n recorded configurations lie outside the restrictions and are left out</source>
        <translation>
            <numerusform>%n aufgezeichnete Konfiguration liegt außerhalb der Einschränkungen und bleibt außen vor</numerusform>
            <numerusform>%n aufgezeichnete Konfigurationen liegen außerhalb der Einschränkungen und bleiben außen vor</numerusform>
        </translation>
    </message>
    <message>
        <source>warning: the recording holds %1 of the %2 valid configurations; a proposal it lacks counts as a failure (is a restriction missing? --restrict, --space)</source>
        <translation>Warnung: die Aufzeichnung enthält %1 der %2 gültigen Konfigurationen; ein Vorschlag, der ihr fehlt, zählt als Fehlschlag (fehlt eine Einschränkung? --restrict, --space)</translation>
    </message>
    <message>
        <source>strategy     to 90%: median   p90   to 95%: median   p90   unreached(95%)   random/strategy (95%, median)   ms/proposal</source>
        <translation>Strategie    bis 90%: Median  p90   bis 95%: Median  p90   unerreicht(95%)  zufällig/Strategie (95%, Median)   ms/Vorschlag</translation>
    </message>
    <message>
        <source>Run the evaluations on this host: local, user@host[:port], an ~/.ssh/config alias or a Slurm cluster (slurm://LOGIN?partition=…); repeat for a pool (default: the workload&apos;s hosts).</source>
        <translation>Die Auswertungen auf diesem Host ausführen: local, user@host[:port], ein Alias aus ~/.ssh/config oder ein Slurm-Cluster (slurm://LOGIN?partition=…); mehrfach angeben für einen Pool (Vorgabe: die Hosts der Arbeitslast).</translation>
    </message>
    <message>
        <source>Write a self-contained HTML report (summary, charts, decisions, the best kernel&apos;s diff) to FILE.</source>
        <translation>Einen eigenständigen HTML-Bericht (Zusammenfassung, Diagramme, Entscheidungen, Diff des besten Kernels) in FILE schreiben.</translation>
    </message>
    <message>
        <source>usage: kwb report DIR [--csv | --json | --html FILE]</source>
        <translation>Aufruf: kwb report DIR [--csv | --json | --html FILE]</translation>
    </message>
    <message>
        <source>kwb report: wrote %1</source>
        <translation>kwb report: %1 geschrieben</translation>
    </message>
    <message>
        <source>random sampling, exactly (drawing without replacement from the %1 valid configurations): to 90%: median %2, p90 %3; to 95%: median %4, p90 %5</source>
        <translation>Zufallsstichprobe, exakt (ohne Zurücklegen aus den %1 gültigen Konfigurationen gezogen): bis 90 %: Median %2, p90 %3; bis 95 %: Median %4, p90 %5</translation>
    </message>
    <message>
        <source>needs: %1</source>
        <translation>braucht: %1</translation>
    </message>
    <message>
        <source>What a host lacks for a workload: kwb hosts check WORKLOAD [--host HOST]</source>
        <translation>Was einem Host für eine Arbeitslast fehlt: kwb hosts check WORKLOAD [--host HOST]</translation>
    </message>
    <message>
        <source>broken:</source>
        <translation>defekt:</translation>
    </message>
    <message>
        <source>SM clock %1 MHz</source>
        <translation>SM-Takt %1 MHz</translation>
    </message>
    <message>
        <source>(of %1)</source>
        <translation>(von %1)</translation>
    </message>
    <message>
        <source>power %1 W</source>
        <translation>Leistung %1 W</translation>
    </message>
    <message>
        <source>of its %1 W limit</source>
        <translation>bei einer Grenze von %1 W</translation>
    </message>
    <message>
        <source>never slowed</source>
        <translation>nie gedrosselt</translation>
    </message>
    <message>
        <source>slowed by %1</source>
        <translation>gedrosselt durch %1</translation>
    </message>
    <message>
        <source>(1 sample)</source>
        <translation>(1 Messung)</translation>
    </message>
    <message>
        <source>(%1 samples)</source>
        <translation>(%1 Messungen)</translation>
    </message>
    <message>
        <source>conditions</source>
        <translation>Bedingungen</translation>
    </message>
    <message>
        <source>the supervisor timed the section at %1 ms; the reported times explain %2% of it</source>
        <translation>der Supervisor hat den Abschnitt mit %1 ms gemessen; die gemeldeten Zeiten erklären %2% davon</translation>
    </message>
    <message>
        <source>none: the harness marked no timed section</source>
        <translation>keine: das Harness hat keinen gemessenen Abschnitt markiert</translation>
    </message>
    <message>
        <source>(raised to its bound)</source>
        <translation>(auf ihre Schranke angehoben)</translation>
    </message>
    <message>
        <source>clock check</source>
        <translation>Uhrprüfung</translation>
    </message>
    <message>
        <source>no trusted kernel yet (untrusted: %1)</source>
        <translation>noch kein vertrauenswürdiger Kernel (nicht vertrauenswürdig: %1)</translation>
    </message>
</context>
<context>
    <name>kwb::CandidateModel</name>
    <message>
        <source>#%1 %2
%3: %4</source>
        <translation>#%1 %2
%3: %4</translation>
    </message>
    <message>
        <source>host lost</source>
        <translation>Host verloren</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>korrekt</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Beschleunigung</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
</context>
<context>
    <name>kwb::CompareView</name>
    <message>
        <source>Swap</source>
        <translation>Tauschen</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>with</source>
        <translation>mit</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <source>Pick two recorded candidates (double-click one in the timeline to compare it with its parent).</source>
        <translation>Wählen Sie zwei aufgezeichnete Kandidaten (Doppelklick in der Zeitleiste vergleicht einen mit seinem Vorgänger).</translation>
    </message>
    <message>
        <source>#%1 (A) — %2</source>
        <translation>#%1 (A) — %2</translation>
    </message>
    <message>
        <source>#%1 (B) — %2</source>
        <translation>#%1 (B) — %2</translation>
    </message>
</context>
<context>
    <name>kwb::Decision</name>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>discarded</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>reverted</source>
        <translation>zurückgesetzt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>infra</source>
        <translation>Host verloren</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>ausgewertet</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importiert</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>verschlechtert</translation>
    </message>
</context>
<context>
    <name>kwb::HostCheck</name>
    <message>
        <source> (on a compute node)</source>
        <translation> (auf einem Rechenknoten)</translation>
    </message>
    <message>
        <source>reachable and authenticated (%1 ms)</source>
        <translation>erreichbar und angemeldet (%1 ms)</translation>
    </message>
    <message>
        <source>all hosts ready for %1</source>
        <translation>alle Hosts bereit für %1</translation>
    </message>
    <message>
        <source>some hosts are not ready (see ✗ above)</source>
        <translation>einige Hosts sind nicht bereit (siehe ✗ oben)</translation>
    </message>
</context>
<context>
    <name>kwb::HostModel</name>
    <message>
        <source>busy</source>
        <translation>belegt</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbindet</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ausgefallen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>Letztes Problem</translation>
    </message>
    <message>
        <source>%1 pending · %2 running · %3 done · %4 failed</source>
        <translation>%1 wartend · %2 laufend · %3 fertig · %4 fehlgeschlagen</translation>
    </message>
    <message>
        <source> · queue wait %1 s</source>
        <translation> · Wartezeit %1 s</translation>
    </message>
</context>
<context>
    <name>kwb::JsonListModel</name>
    <message>
        <source>#%1 %2 — %3</source>
        <translation>#%1 %2 — %3</translation>
    </message>
    <message>
        <source>lesson: %1</source>
        <translation>Lehre: %1</translation>
    </message>
    <message>
        <source>avoid: %1</source>
        <translation>vermeiden: %1</translation>
    </message>
    <message>
        <source>try: %1</source>
        <translation>versuchen: %1</translation>
    </message>
    <message>
        <source>#%1 → #%2: %3× — %4</source>
        <translation>#%1 → #%2: %3× — %4</translation>
    </message>
</context>
<context>
    <name>kwb::LlmCallModel</name>
    <message>
        <source>streaming…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>Zweck</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens ein</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens aus</translation>
    </message>
    <message>
        <source>US$</source>
        <translation>US$</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
</context>
<context>
    <name>kwb::LlmSettingsDialog</name>
    <message>
        <source>LLM provider</source>
        <translation>LLM-Anbieter</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenAI, vLLM, llama.cpp, Ollama, LM Studio)</source>
        <translation>OpenAI-kompatibel (OpenAI, vLLM, llama.cpp, Ollama, LM Studio)</translation>
    </message>
    <message>
        <source>Anthropic Messages API</source>
        <translation>Anthropic Messages API</translation>
    </message>
    <message>
        <source>A local command (prompt on stdin, reply on stdout)</source>
        <translation>Ein lokaler Befehl (Prompt auf stdin, Antwort auf stdout)</translation>
    </message>
    <message>
        <source>default: $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL, else the public API</source>
        <translation>Vorgabe: $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL, sonst die öffentliche API</translation>
    </message>
    <message>
        <source>default: OPENAI_API_KEY / ANTHROPIC_API_KEY</source>
        <translation>Vorgabe: OPENAI_API_KEY / ANTHROPIC_API_KEY</translation>
    </message>
    <message>
        <source>stored in the keychain; type to replace</source>
        <translation>im Schlüsselbund gespeichert; zum Ersetzen tippen</translation>
    </message>
    <message>
        <source>optional: stored in the OS keychain, never in a file</source>
        <translation>optional: im Schlüsselbund des Systems gespeichert, nie in einer Datei</translation>
    </message>
    <message>
        <source>for a local command: the program and its arguments</source>
        <translation>für einen lokalen Befehl: das Programm und seine Argumente</translation>
    </message>
    <message>
        <source>The LLM also writes the optimization memory and the reflexions</source>
        <translation>Das LLM schreibt auch das Optimierungsgedächtnis und die Reflexionen</translation>
    </message>
    <message>
        <source>Use these instead of a workload&apos;s own &apos;llm&apos; settings</source>
        <translation>Diese statt der &apos;llm&apos;-Einstellungen der Arbeitslast verwenden</translation>
    </message>
    <message>
        <source>Plan with the LLM also where the workload names the knob search</source>
        <translation>Auch mit dem LLM planen, wo die Arbeitslast die Parametersuche nennt</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Anbieter:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Key variable:</source>
        <translation>Schlüsselvariable:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Price in (per million tokens):</source>
        <translation>Preis Eingabe (pro Million Tokens):</translation>
    </message>
    <message>
        <source>Price out (per million tokens):</source>
        <translation>Preis Ausgabe (pro Million Tokens):</translation>
    </message>
    <message>
        <source>The key could not be stored in the keychain: %1</source>
        <translation>Der Schlüssel ließ sich nicht im Schlüsselbund speichern: %1</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 lässt sich nicht schreiben</translation>
    </message>
    <message>
        <source>How many kernels the executor writes for each plan; a round&apos;s batch holds plans times kernels.</source>
        <translation>Wie viele Kernel der Ausführer je Plan schreibt; der Batch einer Runde umfasst Pläne mal Kernel.</translation>
    </message>
    <message>
        <source>optional: a folder of your own planner.md, executor.md, …</source>
        <translation>optional: ein Ordner mit eigenen planner.md, executor.md, …</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>Prompt templates</source>
        <translation>Prompt-Vorlagen</translation>
    </message>
    <message>
        <source>Copy the built-in ones there</source>
        <translation>Die eingebauten dorthin kopieren</translation>
    </message>
    <message>
        <source>Writes the built-in templates into the folder to edit (files already there are kept).</source>
        <translation>Schreibt die eingebauten Vorlagen zum Bearbeiten in den Ordner (vorhandene Dateien bleiben).</translation>
    </message>
    <message>
        <source>Choose a folder first.</source>
        <translation>Bitte zuerst einen Ordner wählen.</translation>
    </message>
    <message numerus="yes">
        <source>%n template(s) written to %1.</source>
        <translation>
            <numerusform>%n Vorlage nach %1 geschrieben.</numerusform>
            <numerusform>%n Vorlagen nach %1 geschrieben.</numerusform>
        </translation>
    </message>
    <message>
        <source>Kernels per plan:</source>
        <translation>Kernel je Plan:</translation>
    </message>
    <message>
        <source>Prompt templates:</source>
        <translation>Prompt-Vorlagen:</translation>
    </message>
    <message>
        <source>The prompt folder %1 does not exist.</source>
        <translation>Der Prompt-Ordner %1 existiert nicht.</translation>
    </message>
</context>
<context>
    <name>kwb::LlmView</name>
    <message>
        <source>The exact prompt of the selected call.</source>
        <translation>Der genaue Prompt des gewählten Aufrufs.</translation>
    </message>
    <message>
        <source>Its reply, as it streams in.</source>
        <translation>Seine Antwort, während sie eintrifft.</translation>
    </message>
    <message>
        <source>No LLM calls in this session (the planner is the knob search, or nothing ran yet). Device time: %1 s.</source>
        <translation>Keine LLM-Aufrufe in dieser Sitzung (der Planer ist die Parametersuche, oder es lief noch nichts). Gerätezeit: %1 s.</translation>
    </message>
    <message numerus="yes">
        <source>%n LLM calls</source>
        <translation>
            <numerusform>%n LLM-Aufruf</numerusform>
            <numerusform>%n LLM-Aufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n failed)</source>
        <translation>
            <numerusform>(%n fehlgeschlagen)</numerusform>
            <numerusform>(%n fehlgeschlagen)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out · US$ %3 · %4 s waiting for the LLM · device time %5 s</source>
        <translation>%1 Tokens ein, %2 aus · US$ %3 · %4 s Warten auf das LLM · Gerätezeit %5 s</translation>
    </message>
</context>
<context>
    <name>kwb::LoopPhase</name>
    <message>
        <source>idle</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>Profiling</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>Planen</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>Freigabe</translation>
    </message>
    <message>
        <source>ship</source>
        <translation>Absenden</translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation>Auswerten</translation>
    </message>
    <message>
        <source>decide</source>
        <translation>Entscheiden</translation>
    </message>
    <message>
        <source>summarize</source>
        <translation>Zusammenfassen</translation>
    </message>
    <message>
        <source>reflect</source>
        <translation>Reflektieren</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <source>Kernel Workbench</source>
        <translation>Kernel Workbench</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Start or resume the loop</source>
        <translation>Schleife starten oder fortsetzen</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Pause after the current phase</source>
        <translation>Nach der laufenden Phase anhalten</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Advance one phase</source>
        <translation>Eine Phase weiter</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Ship the pending candidate</source>
        <translation>Den wartenden Kandidaten absenden</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Hand-edit the pending candidate, then approve</source>
        <translation>Den wartenden Kandidaten von Hand bearbeiten, dann freigeben</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Drop the pending candidate</source>
        <translation>Den wartenden Kandidaten verwerfen</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Drop the pending candidate and ask the planner for another</source>
        <translation>Den wartenden Kandidaten verwerfen und einen neuen anfordern</translation>
    </message>
    <message>
        <source>Revert to selected</source>
        <translation>Zum gewählten zurück</translation>
    </message>
    <message>
        <source>Make the selected candidate the incumbent; later candidates branch from it</source>
        <translation>Den gewählten Kandidaten zum Favoriten machen; spätere Kandidaten zweigen von ihm ab</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Autopilot</source>
        <translation>Autopilot</translation>
    </message>
    <message>
        <source>Approve each candidate</source>
        <translation>Jeden Kandidaten freigeben</translation>
    </message>
    <message>
        <source>Step each phase</source>
        <translation>Jede Phase einzeln</translation>
    </message>
    <message>
        <source>How much the loop waits for you</source>
        <translation>Wie oft die Schleife auf Sie wartet</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Schleife</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>&amp;Neue Sitzung…</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Arbeitslast</translation>
    </message>
    <message>
        <source>Workloads (*.json)</source>
        <translation>Arbeitslasten (*.json)</translation>
    </message>
    <message>
        <source>Folder for the new session</source>
        <translation>Ordner für die neue Sitzung</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>Sitzung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Session folder</source>
        <translation>Sitzungsordner</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Export metrics &amp;chart…</source>
        <translation>Metrik-&amp;Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;roofline…</source>
        <translation>&amp;Roofline exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;selection bars…</source>
        <translation>&amp;Auswahlbalken exportieren…</translation>
    </message>
    <message>
        <source>Compare selected with &amp;incumbent</source>
        <translation>Gewählten mit Fa&amp;vorit vergleichen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>&amp;Schleife</translation>
    </message>
    <message>
        <source>Re&amp;play session</source>
        <translation>Sitzung &amp;abspielen</translation>
    </message>
    <message>
        <source>%1 candidates a second</source>
        <translation>%1 Kandidaten pro Sekunde</translation>
    </message>
    <message>
        <source>Stop replay</source>
        <translation>Wiedergabe anhalten</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Metriken</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Search reflexions…</source>
        <translation>Reflexionen durchsuchen…</translation>
    </message>
    <message>
        <source>Reflexions</source>
        <translation>Reflexionen</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Gedächtnis</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Konsole</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>replay %1/%2</source>
        <translation>Wiedergabe %1/%2</translation>
    </message>
    <message>
        <source>Replay finished.</source>
        <translation>Wiedergabe beendet.</translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation>%1 — Kernel Workbench</translation>
    </message>
    <message>
        <source>%1: %2 candidates recorded in %3.
Press Run (F5) to start or resume the loop.</source>
        <translation>%1: %2 Kandidaten aufgezeichnet in %3.
Mit „Starten“ (F5) beginnt oder läuft die Schleife weiter.</translation>
    </message>
    <message>
        <source>starting kernel %1 — press Run (F5)</source>
        <translation>Start-Kernel %1 — „Starten“ (F5) drücken</translation>
    </message>
    <message>
        <source>Cannot open the session %1:
%2</source>
        <translation>Die Sitzung %1 lässt sich nicht öffnen:
%2</translation>
    </message>
    <message>
        <source>Cannot start a session for %1:
%2</source>
        <translation>Für %1 lässt sich keine Sitzung beginnen:
%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt; (round %2, %3): %4</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt; (Runde %2, %3): %4</translation>
    </message>
    <message>
        <source> — incumbent is &lt;i&gt;%1&lt;/i&gt;</source>
        <translation> — Favorit ist &lt;i&gt;%1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>#%1 evaluating: %2</source>
        <translation>#%1 wird ausgewertet: %2</translation>
    </message>
    <message>
        <source>#%1 reverted to #%2: %3</source>
        <translation>#%1 auf #%2 zurückgesetzt: %3</translation>
    </message>
    <message>
        <source>Finished (%1): %2</source>
        <translation>Beendet (%1): %2</translation>
    </message>
    <message>
        <source>loop finished (%1): %2</source>
        <translation>Schleife beendet (%1): %2</translation>
    </message>
    <message>
        <source>A session replays only while its loop is not running.</source>
        <translation>Eine Sitzung lässt sich nur abspielen, solange ihre Schleife nicht läuft.</translation>
    </message>
    <message>
        <source>Replaying %1 at %2 candidates a second; nothing runs on any host.</source>
        <translation>%1 wird mit %2 Kandidaten pro Sekunde abgespielt; auf keinem Host läuft etwas.</translation>
    </message>
    <message>
        <source>#%1 is no longer waiting for approval.</source>
        <translation>#%1 wartet nicht mehr auf Freigabe.</translation>
    </message>
    <message>
        <source>Cannot revert to #%1: %2</source>
        <translation>Zurücksetzen auf #%1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>the incumbent is now #%1; the next candidates branch from it</source>
        <translation>Favorit ist jetzt #%1; die nächsten Kandidaten zweigen von ihm ab</translation>
    </message>
    <message>
        <source>#%1 (incumbent)</source>
        <translation>#%1 (Favorit)</translation>
    </message>
    <message>
        <source>(nothing yet)</source>
        <translation>(noch nichts)</translation>
    </message>
    <message>
        <source>#%1 — waiting for approval: %2</source>
        <translation>#%1 — wartet auf Freigabe: %2</translation>
    </message>
    <message>
        <source>#%1 waits for you: Approve, Edit, Reject or Regenerate.</source>
        <translation>#%1 wartet auf Sie: Freigeben, Bearbeiten, Ablehnen oder Neu erzeugen.</translation>
    </message>
    <message>
        <source>#%1 (parent)</source>
        <translation>#%1 (Vorgänger)</translation>
    </message>
    <message>
        <source>(no parent)</source>
        <translation>(kein Vorgänger)</translation>
    </message>
    <message>
        <source>#%1 — %2: %3</source>
        <translation>#%1 — %2: %3</translation>
    </message>
    <message>
        <source>── log of #%1 (%2) ──</source>
        <translation>── Protokoll von #%1 (%2) ──</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>keine Sitzung</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation> (angehalten)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>host: %1 · elapsed %2:%3 · %4 evaluations · best %5</source>
        <translation>Host: %1 · Dauer %2:%3 · %4 Auswertungen · beste %5</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Language…</source>
        <translation>&amp;Sprache…</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemvorgabe (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Language of the window:</source>
        <translation>Sprache des Fensters:</translation>
    </message>
    <message>
        <source>The new language applies the next time Kernel Workbench starts.</source>
        <translation>Die neue Sprache gilt ab dem nächsten Start von Kernel Workbench.</translation>
    </message>
    <message>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <source>LLM &amp;provider…</source>
        <translation>LLM-&amp;Anbieter…</translation>
    </message>
    <message>
        <source>The LLM provider applies from the next run.</source>
        <translation>Der LLM-Anbieter gilt ab dem nächsten Lauf.</translation>
    </message>
    <message>
        <source>Finish and record the running candidate, then stop; again: abandon it</source>
        <translation>Den laufenden Kandidaten abschließen und aufzeichnen, dann anhalten; erneut: ihn aufgeben</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>%1: the loop runs in %2.</source>
        <translation>%1: die Schleife läuft in %2.</translation>
    </message>
    <message>
        <source>starting kernel %1</source>
        <translation>Start-Kernel %1</translation>
    </message>
    <message>
        <source>#%1 — evaluating: %2</source>
        <translation>#%1 — wird ausgewertet: %2</translation>
    </message>
    <message>
        <source>finished (%1)</source>
        <translation>beendet (%1)</translation>
    </message>
    <message>
        <source>connecting to the hosts</source>
        <translation>verbinde mit den Hosts</translation>
    </message>
    <message>
        <source>idle: press Run (F5)</source>
        <translation>bereit: „Starten“ (F5) drücken</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>hält an</translation>
    </message>
    <message>
        <source>stopping: finishing %1 (Stop again abandons it)</source>
        <translation>hält an: schließt %1 ab (erneutes „Stopp“ gibt ihn auf)</translation>
    </message>
    <message>
        <source>#%1 waits for approval</source>
        <translation>#%1 wartet auf Freigabe</translation>
    </message>
    <message>
        <source>evaluating %1</source>
        <translation>wertet %1 aus</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>Phase: %1</translation>
    </message>
    <message>
        <source>Continue the run</source>
        <translation>Den Lauf fortsetzen</translation>
    </message>
    <message>
        <source>Goal (%1 %2):</source>
        <translation>Ziel (%1 %2):</translation>
    </message>
    <message>
        <source>At most this many more candidates:</source>
        <translation>Höchstens so viele weitere Kandidaten:</translation>
    </message>
    <message>
        <source>Only a finished run can be continued.</source>
        <translation>Nur ein beendeter Lauf kann fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Continue…</source>
        <translation>Fortsetzen…</translation>
    </message>
    <message>
        <source>Export re&amp;port…</source>
        <translation>Be&amp;richt exportieren…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>Webseite (*.html)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht nach %1 geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>── the console of the last %n candidate(s), from the session&apos;s logs ──</source>
        <translation>
            <numerusform>── die Konsole des letzten Kandidaten, aus den Protokollen der Sitzung ──</numerusform>
            <numerusform>── die Konsole der letzten %n Kandidaten, aus den Protokollen der Sitzung ──</numerusform>
        </translation>
    </message>
    <message>
        <source>compiling</source>
        <translation>kompiliert</translation>
    </message>
    <message>
        <source>checking</source>
        <translation>prüft</translation>
    </message>
    <message>
        <source>timing</source>
        <translation>misst</translation>
    </message>
    <message>
        <source>profiling</source>
        <translation>profiliert</translation>
    </message>
    <message>
        <source>%1/%2 evaluations</source>
        <translation>%1/%2 Auswertungen</translation>
    </message>
    <message>
        <source> · ETA %1</source>
        <translation> · noch etwa %1</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>#%1 %2 · %3 of ~%4</source>
        <translation>#%1 %2 · %3 von ~%4</translation>
    </message>
    <message>
        <source>#%1 %2 · %3</source>
        <translation>#%1 %2 · %3</translation>
    </message>
    <message>
        <source>Presentation mode: F11 leaves it.</source>
        <translation>Präsentationsmodus: F11 beendet ihn.</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Larger text and markers, the timeline and the chart first (F11)</source>
        <translation>Größere Schrift und Markierungen, Zeitleiste und Diagramm im Vordergrund (F11)</translation>
    </message>
    <message>
        <source>Abandon #%1</source>
        <translation>#%1 aufgeben</translation>
    </message>
    <message>
        <source>Edit on the right, then Approve: it is checked and timed.</source>
        <translation>Rechts bearbeiten, dann Annehmen: er wird geprüft und gemessen.</translation>
    </message>
    <message>
        <source>the window was %1×%2 on a %3×%4 screen</source>
        <translation>das Fenster war %1×%2 auf einem %3×%4-Bildschirm</translation>
    </message>
    <message>
        <source>The saved layout did not fit (%1): the default layout is back.</source>
        <translation>Das gespeicherte Layout passte nicht (%1): das Standardlayout ist zurück.</translation>
    </message>
    <message>
        <source>the diff is %1×%2 px</source>
        <translation>die Diff-Ansicht ist %1×%2 px groß</translation>
    </message>
    <message>
        <source>%1 is %2×%3 px</source>
        <translation>%1 ist %2×%3 px groß</translation>
    </message>
    <message>
        <source>&amp;Hosts</source>
        <translation>&amp;Hosts</translation>
    </message>
    <message>
        <source>&amp;Check hosts</source>
        <translation>Hosts &amp;prüfen</translation>
    </message>
    <message>
        <source>Whether each host of the session is reachable and has what the target needs</source>
        <translation>Ob jeder Host der Sitzung erreichbar ist und hat, was das Ziel braucht</translation>
    </message>
    <message>
        <source>Kernel Tuner cache file</source>
        <translation>Kernel-Tuner-Cache-Datei</translation>
    </message>
    <message>
        <source>Kernel Tuner cache files (*.json *.json.gz);;All files (*)</source>
        <translation>Kernel-Tuner-Cache-Dateien (*.json *.json.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Add the measurements of a Kernel Tuner cache file to the session: the search learns from them and never measures those configurations again</source>
        <translation>Die Messungen einer Kernel-Tuner-Cache-Datei in die Sitzung übernehmen: Die Suche lernt aus ihnen und misst diese Konfigurationen nie wieder</translation>
    </message>
    <message>
        <source>Could not import %1: %2</source>
        <translation>%1 konnte nicht importiert werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n configurations imported</source>
        <translation>
            <numerusform>%n Konfiguration importiert</numerusform>
            <numerusform>%n Konfigurationen importiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Import &amp;Kernel Tuner file…</source>
        <translation>&amp;Kernel-Tuner-Datei importieren…</translation>
    </message>
</context>
<context>
    <name>kwb::MetricChart</name>
    <message>
        <source>goal</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>chart legend: keep it short</comment>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>best</source>
        <comment>chart legend: the best so far</comment>
        <translation>Bestwert</translation>
    </message>
    <message>
        <source>baseline</source>
        <comment>chart legend: the best baseline</comment>
        <translation>Basis</translation>
    </message>
</context>
<context>
    <name>kwb::OptimizationLoop</name>
    <message>
        <source>stopped by the engineer</source>
        <translation>vom Entwickler angehalten</translation>
    </message>
    <message>
        <source>#%1 meets %2</source>
        <translation>#%1 erfüllt %2</translation>
    </message>
    <message numerus="yes">
        <source>%n rounds done</source>
        <translation>
            <numerusform>%n Runde erledigt</numerusform>
            <numerusform>%n Runden erledigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evaluations</source>
        <translation>
            <numerusform>%n Auswertung</numerusform>
            <numerusform>%n Auswertungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 s elapsed</source>
        <translation>%1 s vergangen</translation>
    </message>
    <message numerus="yes">
        <source>no improvement in %n rounds</source>
        <translation>
            <numerusform>keine Verbesserung in %n Runde</numerusform>
            <numerusform>keine Verbesserung in %n Runden</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot read the starting kernel %1</source>
        <translation>der Start-Kernel %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1 has nothing left to propose</source>
        <translation>%1 hat nichts mehr vorzuschlagen</translation>
    </message>
    <message>
        <source>US$ %1 spent on LLM calls (budget US$ %2)</source>
        <translation>US$ %1 für LLM-Aufrufe ausgegeben (Budget US$ %2)</translation>
    </message>
    <message>
        <source>cannot record #%1: %2</source>
        <translation>#%1 kann nicht aufgezeichnet werden: %2</translation>
    </message>
    <message>
        <source>cannot save the loop state: %1</source>
        <translation>der Zustand der Schleife kann nicht gespeichert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>no host could evaluate the last %n candidates (each retried); the last said: %1</source>
        <translation>
            <numerusform>kein Host konnte den letzten Kandidaten auswerten (wiederholt versucht); zuletzt hieß es: %1</numerusform>
            <numerusform>kein Host konnte die letzten %n Kandidaten auswerten (jeder wiederholt versucht); zuletzt hieß es: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>kwb: #%1 is no longer trusted and will not be built on: %2</source>
        <translation>kwb: #%1 gilt nicht mehr als vertrauenswürdig und wird nicht weiterverwendet: %2</translation>
    </message>
    <message>
        <source>it was %1, not kept</source>
        <translation>er war %1, nicht behalten</translation>
    </message>
    <message>
        <source>never decided</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>its record holds no time</source>
        <translation>sein Datensatz enthält keine Zeit</translation>
    </message>
    <message>
        <source>its kernel %1 is missing from %2/kernels</source>
        <translation>sein Kernel %1 fehlt in %2/kernels</translation>
    </message>
    <message>
        <source>kwb: session.json names #%1 as %2, but %3; the best kept kernel is used instead</source>
        <translation>kwb: session.json führt #%1 als %2, aber %3; stattdessen wird der beste behaltene Kernel verwendet</translation>
    </message>
    <message>
        <source>the incumbent</source>
        <translation>Favorit</translation>
    </message>
    <message>
        <source>the best</source>
        <translation>besten Kernel</translation>
    </message>
    <message>
        <source>its record is marked %1</source>
        <translation>sein Eintrag ist als %1 markiert</translation>
    </message>
</context>
<context>
    <name>kwb::RooflineChart</name>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>ceilings (calibrated)</source>
        <translation>Obergrenzen (kalibriert)</translation>
    </message>
    <message>
        <source>kept, in order</source>
        <translation>behalten, der Reihe nach</translation>
    </message>
    <message>
        <source>FLOP/byte</source>
        <translation>FLOP/Byte</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>Kandidaten</translation>
    </message>
</context>
<context>
    <name>kwb::SelectionBars</name>
    <message>
        <source>Selected candidate: change in % (right = better)</source>
        <translation>Gewählter Kandidat: Änderung in % (rechts = besser)</translation>
    </message>
    <message>
        <source>vs parent #%1</source>
        <translation>ggü. Vorgänger #%1</translation>
    </message>
    <message>
        <source>vs parent</source>
        <translation>ggü. Vorgänger</translation>
    </message>
    <message>
        <source>vs incumbent #%1</source>
        <translation>ggü. Favorit #%1</translation>
    </message>
    <message>
        <source>vs incumbent</source>
        <translation>ggü. Favorit</translation>
    </message>
    <message>
        <source>% change (right: better)</source>
        <translation>Änderung in % (rechts: besser)</translation>
    </message>
</context>
<context>
    <name>kwb::StopReason</name>
    <message>
        <source>goal reached</source>
        <translation>Ziel erreicht</translation>
    </message>
    <message>
        <source>round limit</source>
        <translation>Rundenlimit</translation>
    </message>
    <message>
        <source>plateau</source>
        <translation>Plateau</translation>
    </message>
    <message>
        <source>evaluation budget</source>
        <translation>Auswertungsbudget</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>nothing left to try</source>
        <translation>nichts mehr zu versuchen</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>cost budget</source>
        <translation>Kostenbudget</translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>failed: C compile · W wrong · X crash · T timeout · F false win</source>
        <translation>fehlgeschlagen: C Kompilieren · W falsch · X Absturz · T Zeitüberschreitung · F Scheingewinn</translation>
    </message>
    <message>
        <source>#%1 · %2
%3
%4: %5</source>
        <translation>#%1 · %2
%3
%4: %5</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>discarded</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>human-edited</source>
        <translation>von Hand bearbeitet</translation>
    </message>
    <message>
        <source>host lost</source>
        <translation>Host verloren</translation>
    </message>
    <message>
        <source>other</source>
        <translation>sonstige</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>verschlechtert</translation>
    </message>
</context>
<context>
    <name>kwb::Workbench</name>
    <message>
        <source>Host %1: %2</source>
        <translation>Host %1: %2</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 ms (key %3).</source>
        <translation>Mit %1 in %2 ms verbunden (Schlüssel %3).</translation>
    </message>
    <message>
        <source>Host %1 is left out: %2</source>
        <translation>Host %1 wird ausgelassen: %2</translation>
    </message>
    <message>
        <source>No host of this workload can be reached; nothing was started.</source>
        <translation>Kein Host dieser Arbeitslast ist erreichbar; nichts wurde gestartet.</translation>
    </message>
    <message>
        <source>Calibration failed (%1); running without % of peak and bottleneck classes.</source>
        <translation>Kalibrierung fehlgeschlagen (%1); es geht ohne % der Spitzenleistung und Engpassklassen weiter.</translation>
    </message>
    <message>
        <source>Measuring the peaks of %1 (once; cached)…</source>
        <translation>Spitzenwerte von %1 werden gemessen (einmalig; zwischengespeichert)…</translation>
    </message>
    <message>
        <source>evaluations lost three times in a row; its work moves elsewhere</source>
        <translation>dreimal in Folge Auswertungen verloren; seine Arbeit geht an andere Hosts</translation>
    </message>
    <message>
        <source>llm: %1 call sent (its prompt and reply are in the LLM view)</source>
        <translation>llm: %1-Aufruf gesendet (Prompt und Antwort in der LLM-Ansicht)</translation>
    </message>
    <message>
        <source>llm: %1: %2 tokens in, %3 out, US$ %4</source>
        <translation>llm: %1: %2 Tokens ein, %3 aus, US$ %4</translation>
    </message>
    <message>
        <source>llm: %1 failed: %2</source>
        <translation>llm: %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>warning: cannot record the run&apos;s hosts: %1</source>
        <translation>Warnung: die Hosts des Laufs können nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Asking Slurm on %1 about the partition…</source>
        <translation>Frage Slurm auf %1 nach der Partition…</translation>
    </message>
    <message>
        <source>Slurm on %1 is ready: jobs go to %2.</source>
        <translation>Slurm auf %1 ist bereit: Jobs gehen an %2.</translation>
    </message>
    <message>
        <source>a Kernel Tuner file is imported while no run is under way (stop the run, or let it finish, first)</source>
        <translation>eine Kernel-Tuner-Datei wird importiert, während kein Lauf stattfindet (den Lauf zuerst anhalten oder beenden lassen)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Profile-guided kernel optimization with a human in the loop.</source>
        <translation>Profilgeführte Kernel-Optimierung mit dem Menschen in der Schleife.</translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation>Version ausgeben und beenden.</translation>
    </message>
    <message>
        <source>A session folder to open.</source>
        <translation>Ein zu öffnender Sitzungsordner.</translation>
    </message>
    <message>
        <source>Start a new session for this workload.</source>
        <translation>Eine neue Sitzung für diese Arbeitslast beginnen.</translation>
    </message>
    <message>
        <source>Folder of the new session (default: a new one in the user&apos;s data folder).</source>
        <translation>Ordner der neuen Sitzung (Vorgabe: ein neuer im Datenordner des Benutzers).</translation>
    </message>
    <message>
        <source>Start the loop at once, in this mode: autopilot, approve or step.</source>
        <translation>Die Schleife sofort in diesem Modus starten: autopilot, approve oder step.</translation>
    </message>
    <message>
        <source>Use a dark palette (Fusion style).</source>
        <translation>Eine dunkle Farbpalette verwenden (Fusion-Stil).</translation>
    </message>
    <message>
        <source>Open the Compare view on candidates A and B.</source>
        <translation>Die Vergleichsansicht für die Kandidaten A und B öffnen.</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE and quit (for docs).</source>
        <translation>Ein Bild des Fensters in DATEI speichern und beenden (für die Dokumentation).</translation>
    </message>
    <message>
        <source>…once this many candidates are recorded (default 0).</source>
        <translation>…sobald so viele Kandidaten aufgezeichnet sind (Vorgabe 0).</translation>
    </message>
    <message>
        <source>Use this language (en, de, ja) instead of the one chosen in Settings.</source>
        <translation>Diese Sprache (en, de, ja) statt der in den Einstellungen gewählten verwenden.</translation>
    </message>
    <message>
        <source>Bring this dock to the front (e.g. llmDock, hostsDock), for screenshots.</source>
        <translation>Dieses Dock nach vorn holen (z. B. llmDock, hostsDock), für Bildschirmfotos.</translation>
    </message>
    <message>
        <source>Start in presentation mode (F11 toggles it).</source>
        <translation>Im Präsentationsmodus starten (F11 schaltet ihn um).</translation>
    </message>
</context>
<context>
    <name>ssh</name>
    <message>
        <source>cannot connect to %1</source>
        <translation>keine Verbindung zu %1</translation>
    </message>
    <message>
        <source>the host key of %1 has CHANGED (now %2): refusing to connect. If the host was reinstalled, remove its line from %3; otherwise someone may be intercepting the connection.</source>
        <translation>der Host-Schlüssel von %1 hat sich GEÄNDERT (jetzt %2): Verbindung verweigert. Wurde der Host neu installiert, entfernen Sie seine Zeile aus %3; sonst fängt womöglich jemand die Verbindung ab.</translation>
    </message>
    <message>
        <source>unknown host key for %1 (%2); accept it to connect (kwb: --accept-new-host-key)</source>
        <translation>unbekannter Host-Schlüssel für %1 (%2); akzeptieren Sie ihn, um sich zu verbinden (kwb: --accept-new-host-key)</translation>
    </message>
    <message>
        <source>cannot add %1 to %2: %3</source>
        <translation>%1 kann nicht zu %2 hinzugefügt werden: %3</translation>
    </message>
    <message>
        <source>cannot check the host key of %1: %2</source>
        <translation>der Host-Schlüssel von %1 kann nicht geprüft werden: %2</translation>
    </message>
    <message>
        <source>the passphrase for %1 is not right</source>
        <translation>die Passphrase für %1 stimmt nicht</translation>
    </message>
    <message>
        <source>keyboard-interactive authentication to %1 was cancelled</source>
        <translation>die Keyboard-Interactive-Anmeldung bei %1 wurde abgebrochen</translation>
    </message>
    <message>
        <source>keyboard-interactive authentication to %1 was refused (wrong answers?)</source>
        <translation>die Keyboard-Interactive-Anmeldung bei %1 wurde abgelehnt (falsche Antworten?)</translation>
    </message>
    <message>
        <source>cannot authenticate to %1 (tried the agent, key files and keyboard-interactive where offered): %2</source>
        <translation>Anmeldung bei %1 nicht möglich (versucht: Agent, Schlüsseldateien und, wo angeboten, Keyboard-Interactive): %2</translation>
    </message>
    <message>
        <source>cancelled before it ran</source>
        <translation>abgebrochen, bevor es lief</translation>
    </message>
    <message>
        <source>cannot start a shell on %1</source>
        <translation>auf %1 kann keine Shell gestartet werden</translation>
    </message>
    <message>
        <source>cannot send a command to %1</source>
        <translation>an %1 kann kein Befehl gesendet werden</translation>
    </message>
    <message>
        <source>connection to %1 lost while running a command</source>
        <translation>Verbindung zu %1 während eines Befehls verloren</translation>
    </message>
    <message>
        <source>the shell on %1 ended while running a command</source>
        <translation>die Shell auf %1 endete während eines Befehls</translation>
    </message>
    <message>
        <source>the command ran past its limit of %1 s on %2</source>
        <translation>der Befehl lief auf %2 über sein Limit von %1 s</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>cannot start SFTP on %1</source>
        <translation>auf %1 kann SFTP nicht gestartet werden</translation>
    </message>
    <message>
        <source>connection lost while uploading %1</source>
        <translation>Verbindung beim Hochladen von %1 verloren</translation>
    </message>
    <message>
        <source>cannot write %1 on %2: %3</source>
        <translation>%1 kann auf %2 nicht geschrieben werden: %3</translation>
    </message>
    <message>
        <source>cannot read %1 on %2</source>
        <translation>%1 kann auf %2 nicht gelesen werden</translation>
    </message>
    <message>
        <source>connection lost while downloading %1</source>
        <translation>Verbindung beim Herunterladen von %1 verloren</translation>
    </message>
    <message>
        <source>cannot create %1 on %2</source>
        <translation>%1 kann auf %2 nicht angelegt werden</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 s</source>
        <translation>keine Antwort von %1 innerhalb von %2 s</translation>
    </message>
</context>
</TS>
