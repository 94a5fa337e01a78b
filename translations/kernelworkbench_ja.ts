<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>Compare</name>
    <message>
        <source>%1% faster</source>
        <translation>%1% 高速</translation>
    </message>
    <message>
        <source>%1% slower</source>
        <translation>%1% 低速</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, inside the run-to-run spread (IQR %4–%5 ms against %6–%7 ms): not a real difference.</source>
        <translation>#%1 は #%3 より %2 ですが、実行ごとのばらつきの範囲内です (IQR %4–%5 ms 対 %6–%7 ms): 実質的な差ではありません。</translation>
    </message>
    <message>
        <source>#%1 is %2 than #%3, beyond the run-to-run spread (IQR %4–%5 ms against %6–%7 ms).</source>
        <translation>#%1 は #%3 より %2 で、実行ごとのばらつきを超えています (IQR %4–%5 ms 対 %6–%7 ms)。</translation>
    </message>
    <message>
        <source>#%1 and #%2 cannot be compared: one of them has no trusted timing (it failed, was not timed, or was a false win or flagged).</source>
        <translation>#%1 と #%2 は比較できません: どちらかに信頼できる計測がありません (失敗、未計測、偽の勝利、またはフラグ付き)。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unknown host key</source>
        <translation>不明なホスト鍵</translation>
    </message>
    <message>
        <source>The host %1 is not in your known_hosts yet.</source>
        <translation>ホスト %1 はまだ known_hosts にありません。</translation>
    </message>
    <message>
        <source>Its key&apos;s fingerprint is

%1

Compare it with the one the host&apos;s administrator gives you (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the host) before you trust it.</source>
        <translation>鍵のフィンガープリント:

%1

信頼する前に、ホストの管理者から伝えられたもの (ホスト上で ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub) と照合してください。</translation>
    </message>
    <message>
        <source>Trust and connect</source>
        <translation>信頼して接続</translation>
    </message>
    <message>
        <source>SSH key passphrase</source>
        <translation>SSH 鍵のパスフレーズ</translation>
    </message>
    <message>
        <source>That passphrase was not right. Passphrase for %1:</source>
        <translation>パスフレーズが正しくありません。%1 のパスフレーズ:</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>%1 のパスフレーズ:</translation>
    </message>
    <message>
        <source>Remember it in the system keychain</source>
        <translation>システムのキーチェーンに保存する</translation>
    </message>
    <message>
        <source>SSH login</source>
        <translation>SSH ログイン</translation>
    </message>
    <message>
        <source>The session&apos;s workload %1 does not load:
%2</source>
        <translation>セッションのワークロード %1 を読み込めません:
%2</translation>
    </message>
    <message>
        <source>The workload does not load:
%1</source>
        <translation>ワークロードを読み込めません:
%1</translation>
    </message>
    <message>
        <source>unknown planner &apos;%1&apos; (search, llm)</source>
        <translation>不明なプランナー &apos;%1&apos;（search, llm）</translation>
    </message>
    <message>
        <source>the llm planner&apos;s settings (the workload&apos;s &apos;llm&apos;, the command line&apos;s --provider, --model, … or Settings → LLM provider) are not usable: %1</source>
        <translation>LLM プランナーの設定（ワークロードの &apos;llm&apos;、コマンドラインの --provider、--model など、または 設定 → LLM プロバイダー）が使えません: %1</translation>
    </message>
    <message>
        <source>The LLM planner&apos;s settings are incomplete (%1); using the knob search.</source>
        <translation>LLM プランナーの設定が不完全です（%1）。ノブ探索を使います。</translation>
    </message>
</context>
<context>
    <name>TunerImport</name>
    <message>
        <source>imported %1 of %2 configurations into %3</source>
        <translation>%2 個中 %1 個の構成を %3 に取り込みました</translation>
    </message>
    <message>
        <source>(the rest were already there)</source>
        <translation>(残りは既にありました)</translation>
    </message>
    <message>
        <source>%1 of them flagged: faster than this host&apos;s calibrated roofline or the workload&apos;s max_speedup allows; they are never built on</source>
        <translation>うち %1 件にフラグ: このホストの較正済みルーフラインまたはワークロードの max_speedup が許すより速いため、これらを基にすることはありません</translation>
    </message>
</context>
<context>
    <name>files</name>
    <message>
        <source>unknown target &apos;%1&apos; (no targets found)</source>
        <translation>不明なターゲット &apos;%1&apos;（ターゲットが見つかりません）</translation>
    </message>
    <message>
        <source>unknown target &apos;%1&apos; (known: %2)</source>
        <translation>不明なターゲット &apos;%1&apos;（既知: %2）</translation>
    </message>
    <message>
        <source>a target profile must be a JSON object</source>
        <translation>ターゲットプロファイルは JSON オブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>&apos;schema&apos; must be &quot;kwb.target/1&quot;</source>
        <translation>&apos;schema&apos; は &quot;kwb.target/1&quot; でなければなりません</translation>
    </message>
    <message>
        <source>target profile misses &apos;%1&apos;</source>
        <translation>ターゲットプロファイルに &apos;%1&apos; がありません</translation>
    </message>
    <message>
        <source>harness file &apos;%1&apos; is missing beside target.json</source>
        <translation>ハーネスファイル &apos;%1&apos; が target.json の隣にありません</translation>
    </message>
    <message>
        <source>each metric needs a string &apos;name&apos;</source>
        <translation>各指標には文字列の &apos;name&apos; が必要です</translation>
    </message>
    <message>
        <source>&apos;better&apos; must be &quot;higher&quot; or &quot;lower&quot;</source>
        <translation>&apos;better&apos; は &quot;higher&quot; または &quot;lower&quot; でなければなりません</translation>
    </message>
    <message>
        <source>a derived metric must be a string expression</source>
        <translation>派生指標は文字列の式でなければなりません</translation>
    </message>
    <message>
        <source>derived metric &apos;%1&apos;: %2</source>
        <translation>派生指標 &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>a bottleneck rule needs &apos;class&apos; and &apos;when&apos;</source>
        <translation>ボトルネック規則には &apos;class&apos; と &apos;when&apos; が必要です</translation>
    </message>
    <message>
        <source>bottleneck rule &apos;%1&apos;: %2</source>
        <translation>ボトルネック規則 &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>a guard needs a string &apos;pattern&apos; and a &apos;reason&apos;</source>
        <translation>ガードには文字列の &apos;pattern&apos; と &apos;reason&apos; が必要です</translation>
    </message>
    <message>
        <source>guard &apos;%1&apos;: %2 at offset %3</source>
        <translation>ガード &apos;%1&apos;: オフセット %3 で %2</translation>
    </message>
    <message>
        <source>(at character %1)</source>
        <translation>（%1 文字目）</translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos; (at character %2)</source>
        <translation>不明な名前 &apos;%1&apos;（%2 文字目）</translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos;</source>
        <translation>不明な名前 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expression was not compiled</source>
        <translation>式がコンパイルされていません</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>警告: </translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>真偽値</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>文字列</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>配列</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>サポートされない値</translation>
    </message>
    <message>
        <source>malformed JSON: %1</source>
        <translation>不正な JSON: %1</translation>
    </message>
    <message>
        <source>cannot read file: %1</source>
        <translation>ファイルを読めません: %1</translation>
    </message>
    <message numerus="yes">
        <source>… (%n values)</source>
        <translation>
            <numerusform>…（%n 個の値）</numerusform>
        </translation>
    </message>
    <message>
        <source>constraint &apos;%1&apos; fails</source>
        <translation>制約 &apos;%1&apos; を満たしていません</translation>
    </message>
    <message>
        <source>constraint &apos;%1&apos; fails for %2</source>
        <translation>%2 で制約 &apos;%1&apos; を満たしていません</translation>
    </message>
    <message>
        <source>: change %1</source>
        <translation>: %1変更してください</translation>
    </message>
    <message>
        <source> or </source>
        <translation>、または </translation>
    </message>
    <message>
        <source>: no single change of %1 satisfies every constraint</source>
        <translation>: %1 のどれか一つを変えるだけではすべての制約を満たせません</translation>
    </message>
    <message>
        <source>&apos;knobs&apos; must be an object mapping knob names to declarations, found %1</source>
        <translation>&apos;knobs&apos; はノブ名を宣言に対応づけるオブジェクトでなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>knob &apos;%1&apos;</source>
        <translation>ノブ &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1: &apos;values&apos; must be a non-empty array</source>
        <translation>%1: &apos;values&apos; は空でない配列でなければなりません</translation>
    </message>
    <message>
        <source>%1: values must be numbers, booleans or strings, found %2</source>
        <translation>%1: 値は数値、真偽値、文字列のいずれかでなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1: &apos;range&apos; must be [from, to] or [from, to, step] with numbers</source>
        <translation>%1: &apos;range&apos; は数値の [from, to] または [from, to, step] でなければなりません</translation>
    </message>
    <message>
        <source>%1: &apos;range&apos; needs from ≤ to, a positive step and at most a million values</source>
        <translation>%1: &apos;range&apos; には from ≤ to、正のステップ、最大 100 万個の値が必要です</translation>
    </message>
    <message>
        <source>%1: &apos;divisors&apos; expression: %2</source>
        <translation>%1: &apos;divisors&apos; の式: %2</translation>
    </message>
    <message>
        <source>%1: &apos;divisors&apos; must be a positive integer or an expression of dims</source>
        <translation>%1: &apos;divisors&apos; は正の整数または dims の式でなければなりません</translation>
    </message>
    <message>
        <source>%1: &apos;permutation&apos; must be an array of 1 to 8 distinct names</source>
        <translation>%1: &apos;permutation&apos; は 1〜8 個の異なる名前の配列でなければなりません</translation>
    </message>
    <message>
        <source>%1: &apos;permutation&apos; names must be distinct</source>
        <translation>%1: &apos;permutation&apos; の名前は互いに異なる必要があります</translation>
    </message>
    <message>
        <source>%1: each &apos;before&apos; entry must be [&quot;a&quot;, &quot;b&quot;] naming two of %2</source>
        <translation>%1: &apos;before&apos; の各項目は %2 のうち二つを挙げる [&quot;a&quot;, &quot;b&quot;] でなければなりません</translation>
    </message>
    <message>
        <source>%1: &apos;before&apos; must be an array of [&quot;a&quot;, &quot;b&quot;] pairs</source>
        <translation>%1: &apos;before&apos; は [&quot;a&quot;, &quot;b&quot;] の組の配列でなければなりません</translation>
    </message>
    <message>
        <source>%1: declare it as an array of values or an object with one of &apos;values&apos;, &apos;range&apos;, &apos;divisors&apos;, &apos;permutation&apos;</source>
        <translation>%1: 値の配列として、または &apos;values&apos;、&apos;range&apos;、&apos;divisors&apos;、&apos;permutation&apos; のいずれかを持つオブジェクトとして宣言してください</translation>
    </message>
    <message>
        <source>%1: its domain is empty</source>
        <translation>%1: 値の範囲が空です</translation>
    </message>
    <message>
        <source>%1: default is not one of its values (%2)</source>
        <translation>%1: 既定値がその値のどれでもありません（%2）</translation>
    </message>
    <message>
        <source>&apos;constraints&apos; must be an array of expressions, found %1</source>
        <translation>&apos;constraints&apos; は式の配列でなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>a constraint must be a string expression, found %1</source>
        <translation>制約は文字列の式でなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>constraint &apos;%1&apos;: %2 (names available: %3)</source>
        <translation>制約 &apos;%1&apos;: %2（使える名前: %3）</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 を %2 に</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected NAME=VALUE</source>
        <translation>&apos;%1&apos;: NAME=VALUE の形が必要です</translation>
    </message>
    <message>
        <source>unknown knob &apos;%1&apos; (no knobs declared)</source>
        <translation>不明なノブ &apos;%1&apos;（ノブが宣言されていません）</translation>
    </message>
    <message>
        <source>unknown knob &apos;%1&apos; (knobs: %2)</source>
        <translation>不明なノブ &apos;%1&apos;（ノブ: %2）</translation>
    </message>
    <message>
        <source>%1=%2 violates the precedence &apos;%3 before %4&apos;</source>
        <translation>%1=%2 は順序 &apos;%3 が %4 より前&apos; に反します</translation>
    </message>
    <message>
        <source>%1=%2: not one of %1&apos;s values (%3)</source>
        <translation>%1=%2: %1 の値のどれでもありません（%3）</translation>
    </message>
    <message>
        <source>%1 must be a non-empty string, found %2</source>
        <translation>%1 は空でない文字列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must be a number, found %2</source>
        <translation>%1 は数値でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must be greater than %2, found %3</source>
        <translation>%1 は %2 より大きくなければなりません（実際: %3）</translation>
    </message>
    <message>
        <source>%1 must be at least %2, found %3</source>
        <translation>%1 は %2 以上でなければなりません（実際: %3）</translation>
    </message>
    <message>
        <source>%1 must be an integer, found %2</source>
        <translation>%1 は整数でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must be true or false, found %2</source>
        <translation>%1 は true または false でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must be an object, found %2</source>
        <translation>%1 はオブジェクトでなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must be an array of strings, found %2</source>
        <translation>%1 は文字列の配列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must hold strings only, found %2</source>
        <translation>%1 には文字列だけを入れてください（実際: %2）</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; is ignored</source>
        <translation>不明なキー &apos;%1&apos; は無視されます</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2 is ignored</source>
        <translation>%2 の不明なキー &apos;%1&apos; は無視されます</translation>
    </message>
    <message>
        <source>(did you mean &apos;%1&apos;?)</source>
        <translation>（&apos;%1&apos; のことですか？）</translation>
    </message>
    <message>
        <source>%1 file &apos;%2&apos; not found (looked for %3)</source>
        <translation>%1ファイル &apos;%2&apos; が見つかりません（探した場所: %3）</translation>
    </message>
    <message>
        <source>%1 must be a non-empty object mapping names to {shape, dtype}</source>
        <translation>%1 は名前を {shape, dtype} に対応づける空でないオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>%1 entry &apos;%2&apos;</source>
        <translation>%1 の項目 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 must be an object with &apos;shape&apos; and &apos;dtype&apos;, found %2</source>
        <translation>%1 は &apos;shape&apos; と &apos;dtype&apos; を持つオブジェクトでなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 misses %2</source>
        <translation>%1 に %2 がありません</translation>
    </message>
    <message>
        <source>%1: &apos;shape&apos; must be an array of sizes or dim names, found %2</source>
        <translation>%1: &apos;shape&apos; はサイズまたは dim 名の配列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1: shape entry &apos;%2&apos;: %3 (no dims declared)</source>
        <translation>%1: shape の項目 &apos;%2&apos;: %3（dims が宣言されていません）</translation>
    </message>
    <message>
        <source>%1: shape entry &apos;%2&apos;: %3 (dims: %4)</source>
        <translation>%1: shape の項目 &apos;%2&apos;: %3（dims: %4）</translation>
    </message>
    <message>
        <source>%1: a shape entry must be an integer or a dim name, found %2</source>
        <translation>%1: shape の項目は整数または dim 名でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1: shape sizes must be positive integers, found %2</source>
        <translation>%1: shape のサイズは正の整数でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1: &apos;range&apos; must be [low, high] with low ≤ high</source>
        <translation>%1: &apos;range&apos; は low ≤ high の [low, high] でなければなりません</translation>
    </message>
    <message>
        <source>a workload must be a JSON object, found %1</source>
        <translation>ワークロードは JSON オブジェクトでなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>missing required names: %1</source>
        <translation>必須の名前がありません: %1</translation>
    </message>
    <message>
        <source>workload is for target &apos;%1&apos;, not &apos;%2&apos;</source>
        <translation>このワークロードはターゲット &apos;%1&apos; 用で、&apos;%2&apos; 用ではありません</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>リファレンス</translation>
    </message>
    <message>
        <source>template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>entry &apos;%1&apos; is not a valid function name</source>
        <translation>エントリ &apos;%1&apos; は有効な関数名ではありません</translation>
    </message>
    <message>
        <source>kernel and reference entries must differ (both are &apos;%1&apos;); set entry.reference</source>
        <translation>カーネルとリファレンスのエントリは異なる必要があります（どちらも &apos;%1&apos;）。entry.reference を設定してください</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one of the dims (%2)</source>
        <translation>&apos;%1&apos; は dims（%2）のどれでもありません</translation>
    </message>
    <message>
        <source>verify_dims names the benchmark shape itself, so it checks nothing new</source>
        <translation>verify_dims がベンチマークの形そのものなので、新しいことは何も確かめられません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is both an input and an output</source>
        <translation>&apos;%1&apos; が入力と出力の両方にあります</translation>
    </message>
    <message>
        <source>%1 formula &apos;%2&apos;: %3</source>
        <translation>%1 の式 &apos;%2&apos;: %3</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>負であってはなりません</translation>
    </message>
    <message>
        <source>goal metric &apos;%1&apos; is not in the %2 metric catalog</source>
        <translation>目標指標 &apos;%1&apos; は %2 の指標一覧にありません</translation>
    </message>
    <message>
        <source>&apos;goal.direction&apos; must be &quot;max&quot; or &quot;min&quot;, found &quot;%1&quot;</source>
        <translation>&apos;goal.direction&apos; は &quot;max&quot; または &quot;min&quot; でなければなりません（実際: &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>&apos;correctness.seeds&apos; must be a count or an array of integer seeds, found %1</source>
        <translation>&apos;correctness.seeds&apos; は個数または整数シードの配列でなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>the second shape does not work: %1</source>
        <translation>二つ目の形は使えません: %1</translation>
    </message>
    <message>
        <source>knob_map names unknown knob &apos;%1&apos;</source>
        <translation>knob_map が不明なノブ &apos;%1&apos; を挙げています</translation>
    </message>
    <message>
        <source>&apos;baselines&apos; must be an array of {name, kernel, link}, found %1</source>
        <translation>&apos;baselines&apos; は {name, kernel, link} の配列でなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>a baseline must be an object with &apos;name&apos; and &apos;kernel&apos;</source>
        <translation>ベースラインは &apos;name&apos; と &apos;kernel&apos; を持つオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>a baseline needs &apos;name&apos; and &apos;kernel&apos;</source>
        <translation>ベースラインには &apos;name&apos; と &apos;kernel&apos; が必要です</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>knobs are declared but no &apos;template&apos; kernel uses them</source>
        <translation>ノブが宣言されていますが、それを使う &apos;template&apos; カーネルがありません</translation>
    </message>
    <message>
        <source>%1: shape entry &apos;%2&apos; is %3 with the other dims</source>
        <translation>%1: shape の項目 &apos;%2&apos; は別の dims では %3 になります</translation>
    </message>
    <message>
        <source>no such workload file</source>
        <translation>そのようなワークロードファイルはありません</translation>
    </message>
    <message>
        <source>missing required name: %1</source>
        <translation>必須の名前がありません: %1</translation>
    </message>
    <message>
        <source>dim &apos;%1&apos; must be a positive integer, found %2</source>
        <translation>dim &apos;%1&apos; は正の整数でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>unexpected end of expression</source>
        <translation>式が途中で終わっています</translation>
    </message>
    <message>
        <source>unexpected operator &quot;%1&quot;</source>
        <translation>予期しない演算子 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unexpected value &quot;%1&quot;</source>
        <translation>予期しない値 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unexpected name &quot;%1&quot;</source>
        <translation>予期しない名前 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unexpected parenthesis &quot;%1&quot;</source>
        <translation>予期しない括弧 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>missing parenthesis</source>
        <translation>括弧が足りません</translation>
    </message>
    <message>
        <source>unknown token &quot;%1&quot;</source>
        <translation>不明なトークン &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the expression is empty</source>
        <translation>式が空です</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 は空であってはなりません</translation>
    </message>
    <message>
        <source>calibration figures must be positive</source>
        <translation>較正値は正でなければなりません</translation>
    </message>
    <message>
        <source>calibration failed on %1: %2</source>
        <translation>%1 での較正に失敗しました: %2</translation>
    </message>
    <message>
        <source>exit status %1</source>
        <translation>終了ステータス %1</translation>
    </message>
    <message>
        <source>calibration on %1 printed an invalid document: %2</source>
        <translation>%1 での較正が不正な文書を出力しました: %2</translation>
    </message>
    <message>
        <source>a Kernel Tuner cache file is a JSON object, not %1</source>
        <translation>Kernel Tuner のキャッシュファイルは JSON オブジェクトです（%1 ではありません）</translation>
    </message>
    <message>
        <source>not a Kernel Tuner cache file: &apos;%1&apos; is missing</source>
        <translation>Kernel Tuner のキャッシュファイルではありません: &apos;%1&apos; がありません</translation>
    </message>
    <message>
        <source>parameter names are strings</source>
        <translation>パラメーター名は文字列です</translation>
    </message>
    <message>
        <source>an entry must be an object</source>
        <translation>項目はオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>entry has no &apos;time&apos;</source>
        <translation>項目に &apos;time&apos; がありません</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>a record needs an integer &apos;id&apos; and a string &apos;source_hash&apos;</source>
        <translation>記録には整数の &apos;id&apos; と文字列の &apos;source_hash&apos; が必要です</translation>
    </message>
    <message>
        <source>a session already exists in %1</source>
        <translation>%1 にはすでにセッションがあります</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 を作成できません</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 を作成できません: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 を読めません: %2</translation>
    </message>
    <message>
        <source>cannot repair %1: %2</source>
        <translation>%1 を修復できません: %2</translation>
    </message>
    <message>
        <source>cannot save the torn tail of %1</source>
        <translation>%1 の途切れた末尾を保存できません</translation>
    </message>
    <message>
        <source>cannot truncate %1: %2</source>
        <translation>%1 を切り詰められません: %2</translation>
    </message>
    <message>
        <source>differs at %1</source>
        <translation>%1 で異なります</translation>
    </message>
    <message>
        <source>cannot append to %1: %2</source>
        <translation>%1 に追記できません: %2</translation>
    </message>
    <message>
        <source>%1 is not a session (no session.json)</source>
        <translation>%1 はセッションではありません（session.json がありません）</translation>
    </message>
    <message>
        <source>&apos;tune_params_keys&apos; must be an array of parameter names</source>
        <translation>&apos;tune_params_keys&apos; はパラメーター名の配列でなければなりません</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is not a knob of this workload</source>
        <translation>パラメーター &apos;%1&apos; はこのワークロードのノブではありません</translation>
    </message>
    <message>
        <source>knob &apos;%1&apos; is not among the file&apos;s parameters</source>
        <translation>ノブ &apos;%1&apos; はファイルのパラメーターにありません</translation>
    </message>
    <message>
        <source>&apos;cache&apos; must be an object of measured configurations</source>
        <translation>&apos;cache&apos; は計測済み構成のオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>&apos;time&apos; must be a number (milliseconds) or a failure name</source>
        <translation>&apos;time&apos; は数値（ミリ秒）または失敗名でなければなりません</translation>
    </message>
    <message numerus="yes">
        <source>%n entries lie outside the workload&apos;s knob space and were skipped</source>
        <translation>
            <numerusform>%n 件の項目がワークロードのノブ空間の外にあるため、読み飛ばしました</numerusform>
        </translation>
    </message>
    <message>
        <source>&apos;command&apos; must be a non-empty array of strings</source>
        <translation>&apos;command&apos; は空でない文字列の配列でなければなりません</translation>
    </message>
    <message>
        <source>&apos;derived&apos; must be an object of name → expression</source>
        <translation>&apos;derived&apos; は 名前 → 式 のオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm&apos; must be an object</source>
        <translation>&apos;llm&apos; はオブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm.%1&apos; must be a string</source>
        <translation>&apos;llm.%1&apos; は文字列でなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm.%1&apos; must be a number ≥ 0</source>
        <translation>&apos;llm.%1&apos; は 0 以上の数値でなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm.notes&apos; must be true or false</source>
        <translation>&apos;llm.notes&apos; は true か false でなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm.samples&apos; must be a whole number from 1 to 16</source>
        <translation>&apos;llm.samples&apos; は 1 から 16 の整数でなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm.command&apos; must be a non-empty array: the program and its arguments</source>
        <translation>&apos;llm.command&apos; は空でない配列（プログラムとその引数）でなければなりません</translation>
    </message>
    <message>
        <source>&apos;llm.provider&apos; must be &quot;openai&quot;, &quot;anthropic&quot; or &quot;command&quot;, found &quot;%1&quot;</source>
        <translation>&apos;llm.provider&apos; は &quot;openai&quot;、&quot;anthropic&quot;、&quot;command&quot; のいずれかでなければなりません（実際: &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>&apos;llm.model&apos; is required for the %1 provider</source>
        <translation>プロバイダー %1 には &apos;llm.model&apos; が必要です</translation>
    </message>
    <message>
        <source>prompt folder &apos;%1&apos; not found (looked for %2)</source>
        <translation>プロンプトフォルダー &apos;%1&apos; が見つかりません（%2 を探しました）</translation>
    </message>
    <message>
        <source>&apos;llm.prices&apos; must be an object: model → [US$ in, US$ out] per million tokens</source>
        <translation>&apos;llm.prices&apos; はオブジェクト（モデル → 100 万トークンあたり [入力 US$, 出力 US$]）でなければなりません</translation>
    </message>
    <message>
        <source>the price of model &apos;%1&apos; must be [US$ in, US$ out] per million tokens, two numbers ≥ 0</source>
        <translation>モデル &apos;%1&apos; の価格は 100 万トークンあたり [入力 US$, 出力 US$]、0 以上の数値 2 つでなければなりません</translation>
    </message>
    <message>
        <source>%1: unknown dtype &apos;%2&apos; (known: %3)</source>
        <translation>%1: 不明なデータ型 &apos;%2&apos;（既知: %3）</translation>
    </message>
    <message>
        <source>&apos;precision&apos; must be a lowercase word such as fp32, tf32, fp16 or bf16</source>
        <translation>&apos;precision&apos; は fp32、tf32、fp16、bf16 のような小文字の語でなければなりません</translation>
    </message>
    <message>
        <source>target &apos;%1&apos; does not support dtype &apos;%2&apos; (it supports: %3)</source>
        <translation>ターゲット &apos;%1&apos; はデータ型 &apos;%2&apos; に対応していません（対応: %3）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a regular expression: %2</source>
        <translation>&apos;%1&apos; は正規表現ではありません: %2</translation>
    </message>
    <message>
        <source>&apos;time&apos; must be a positive number of milliseconds, found %1</source>
        <translation>&apos;time&apos; は正のミリ秒数でなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>&apos;time&apos; names no failure Kernel Tuner records (&apos;%1&apos;; it writes CompilationFailedConfig, RuntimeFailedConfig or InvalidConfig)</source>
        <translation>&apos;time&apos; は Kernel Tuner が記録する失敗名ではありません（&apos;%1&apos;。Kernel Tuner が書くのは CompilationFailedConfig、RuntimeFailedConfig、InvalidConfig のいずれかです）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a string, found %2</source>
        <translation>&apos;%1&apos; は文字列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an integer, found %2</source>
        <translation>&apos;%1&apos; は整数でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an object, found %2</source>
        <translation>&apos;%1&apos; はオブジェクトでなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an array, found %2</source>
        <translation>&apos;%1&apos; は配列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>&apos;id&apos; must be a positive integer</source>
        <translation>&apos;id&apos; は正の整数でなければなりません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be %2, found %3</source>
        <translation>&apos;%1&apos; は %2 でなければなりません（実際: %3）</translation>
    </message>
    <message>
        <source>must be an object, found %1</source>
        <translation>オブジェクトでなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos; (first at line %2, column %3); the last one counts</source>
        <translation>キー &apos;%1&apos; が重複しています（最初は %2 行 %3 列）。最後のものが有効です</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels</source>
        <translation>入れ子が %1 段より深くなっています</translation>
    </message>
    <message>
        <source>number out of range: %1</source>
        <translation>数値が範囲外です: %1</translation>
    </message>
    <message>
        <source>a workload may declare at most %1 knobs, found %2</source>
        <translation>ワークロードが宣言できるノブは最大 %1 個です（実際: %2）</translation>
    </message>
    <message>
        <source>knob name &apos;%1&apos; must be an identifier (letters, digits, _; not starting with a digit)</source>
        <translation>ノブ名 &apos;%1&apos; は識別子（英字、数字、_。先頭は数字以外）でなければなりません</translation>
    </message>
    <message>
        <source>%1: a value must be one line of text without control characters</source>
        <translation>%1: 値は制御文字を含まない 1 行のテキストでなければなりません</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be a number, found %3</source>
        <translation>%1: &apos;%2&apos; は数値でなければなりません（実際: %3）</translation>
    </message>
    <message>
        <source>%1: &apos;description&apos; must be a string, found %2</source>
        <translation>%1: &apos;description&apos; は文字列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>%1 must be at most %2, found %3</source>
        <translation>%1 は %2 以下でなければなりません（実際: %3）</translation>
    </message>
    <message>
        <source>%1: a tensor name must be an identifier (letters, digits, _; not starting with a digit)</source>
        <translation>%1: テンソル名は識別子（英字、数字、_。先頭は数字以外）でなければなりません</translation>
    </message>
    <message>
        <source>%1: a shape size of %2 is more than 2^40</source>
        <translation>%1: shape のサイズ %2 は 2^40 を超えています</translation>
    </message>
    <message>
        <source>&apos;name&apos; must not hold control characters such as a line break</source>
        <translation>&apos;name&apos; に改行などの制御文字を含めてはなりません</translation>
    </message>
    <message>
        <source>dim name &apos;%1&apos; must be an identifier (letters, digits, _; not starting with a digit)</source>
        <translation>dim 名 &apos;%1&apos; は識別子（英字、数字、_。先頭は数字以外）でなければなりません</translation>
    </message>
    <message>
        <source>dim &apos;%1&apos; is %2, more than 2^40</source>
        <translation>dim &apos;%1&apos; は %2 で、2^40 を超えています</translation>
    </message>
    <message>
        <source>the tensors take %1 GB, more than the %2 GB a workload may ask the harness to allocate (it keeps two sets of inputs and a copy of each output besides)</source>
        <translation>テンソルが %1 GB を占め、ワークロードがハーネスに確保を求められる %2 GB を超えています（ハーネスはほかに入力 2 組と各出力のコピーも保持します）</translation>
    </message>
    <message>
        <source>&apos;correctness.seeds&apos; may list at most %1 seeds, found %2</source>
        <translation>&apos;correctness.seeds&apos; に挙げられるシードは最大 %1 個です（実際: %2）</translation>
    </message>
    <message>
        <source>session %1 was made for another version of this workload (%2); use a new session folder</source>
        <translation>セッション %1 はこのワークロードの別のバージョン用に作られました（%2）。新しいセッションフォルダーを使ってください</translation>
    </message>
    <message>
        <source>&apos;planner&apos; must be &quot;search&quot; or &quot;llm&quot;, found &quot;%1&quot;</source>
        <translation>&apos;planner&apos; は &quot;search&quot; か &quot;llm&quot; でなければなりません（実際: &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>a recording read on its own needs a header with &apos;tune_params_keys&apos; and &apos;tune_params&apos; (Kernel Tuner&apos;s cache files have both); give a workload instead</source>
        <translation>記録を単独で読むには &apos;tune_params_keys&apos; と &apos;tune_params&apos; を持つヘッダーが必要です（Kernel Tuner のキャッシュファイルには両方あります）。代わりにワークロードを指定してください</translation>
    </message>
    <message>
        <source>&apos;tune_params&apos; lists no values for &apos;%1&apos;</source>
        <translation>&apos;tune_params&apos; に &apos;%1&apos; の値がありません</translation>
    </message>
    <message>
        <source>a value of &apos;%1&apos; is neither a number nor a string</source>
        <translation>&apos;%1&apos; の値が数値でも文字列でもありません</translation>
    </message>
    <message>
        <source>restriction &apos;%1&apos;: %2</source>
        <translation>制約 &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>restriction &apos;%1&apos;: %2 (the knobs with numeric values are: %3)</source>
        <translation>制約 &apos;%1&apos;: %2（数値を取るノブ: %3）</translation>
    </message>
    <message>
        <source>not a search-space file: &apos;ConfigurationSpace&apos; is missing (benchmark_hub&apos;s kernels/*.json format)</source>
        <translation>探索空間ファイルではありません: &apos;ConfigurationSpace&apos; がありません（benchmark_hub の kernels/*.json 形式）</translation>
    </message>
    <message>
        <source>&apos;Conditions&apos; must be an array</source>
        <translation>&apos;Conditions&apos; は配列でなければなりません</translation>
    </message>
    <message>
        <source>a condition needs an &apos;Expression&apos; string</source>
        <translation>条件には文字列 &apos;Expression&apos; が必要です</translation>
    </message>
    <message>
        <source>cannot start the gzip decoder</source>
        <translation>gzip デコーダーを開始できません</translation>
    </message>
    <message>
        <source>the uncompressed data exceeds %1 MiB</source>
        <translation>展開後のデータが %1 MiB を超えます</translation>
    </message>
    <message>
        <source>corrupt gzip data (%1)</source>
        <translation>壊れた gzip データ（%1）</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>途中で切れています</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos;</source>
        <translation>予期しない &apos;%1&apos;</translation>
    </message>
    <message>
        <source>not a number: &apos;%1&apos;</source>
        <translation>数値ではありません: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>strings are not supported in a restriction</source>
        <translation>制約では文字列は使えません</translation>
    </message>
    <message>
        <source>unexpected character &apos;%1&apos;</source>
        <translation>予期しない文字 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not supported in a restriction</source>
        <translation>制約では &apos;%1&apos; は使えません</translation>
    </message>
    <message>
        <source>expected &apos;)&apos;</source>
        <translation>&apos;)&apos; が必要です</translation>
    </message>
    <message>
        <source>unknown function &apos;%1&apos; (min, max and abs are known)</source>
        <translation>不明な関数 &apos;%1&apos;（使えるのは min、max、abs）</translation>
    </message>
    <message>
        <source>the restriction ends too early</source>
        <translation>制約が途中で終わっています</translation>
    </message>
    <message>
        <source>target &apos;%1&apos; needs &apos;%2&apos; in the workload%3</source>
        <translation>ターゲット &apos;%1&apos; にはワークロードの &apos;%2&apos; が必要です%3</translation>
    </message>
    <message>
        <source> (global and local sizes, e.g. {&quot;global&quot;: [&quot;N&quot;], &quot;local&quot;: [&quot;64&quot;]})</source>
        <translation>（グローバルとローカルのサイズ。例: {&quot;global&quot;: [&quot;N&quot;], &quot;local&quot;: [&quot;64&quot;]}）</translation>
    </message>
    <message>
        <source>%1 must be an array of sizes, found %2</source>
        <translation>%1 はサイズの配列でなければなりません（実際: %2）</translation>
    </message>
    <message>
        <source>a launch size must be a number or an expression, found %1</source>
        <translation>起動サイズは数値か式でなければなりません（実際: %1）</translation>
    </message>
    <message>
        <source>%1 must list 1 to 3 sizes, one per dimension</source>
        <translation>%1 には次元ごとに 1〜3 個のサイズが必要です</translation>
    </message>
    <message>
        <source>launch size &apos;%1&apos;: %2</source>
        <translation>起動サイズ &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>&apos;launch&apos; needs &apos;global&apos;: the work-items per dimension</source>
        <translation>&apos;launch&apos; には &apos;global&apos;（次元ごとのワークアイテム数）が必要です</translation>
    </message>
    <message>
        <source>&apos;local&apos; must have as many sizes as &apos;global&apos; (%1)</source>
        <translation>&apos;local&apos; のサイズ数は &apos;global&apos; と同じでなければなりません（%1）</translation>
    </message>
    <message>
        <source>host &apos;%1&apos; must be &quot;local&quot;, user@host[:port], an ssh alias or slurm://LOGIN?partition=…</source>
        <translation>ホスト &apos;%1&apos; は &quot;local&quot;、user@host[:port]、ssh エイリアス、または slurm://LOGIN?partition=… でなければなりません</translation>
    </message>
    <message>
        <source>%1 must not contain spaces</source>
        <translation>%1 に空白を含めることはできません</translation>
    </message>
    <message>
        <source>&apos;hosts&apos; must name at least one host (e.g. &quot;local&quot;), or &apos;cluster&apos; a Slurm cluster</source>
        <translation>&apos;hosts&apos; には少なくとも 1 つのホスト（例: &quot;local&quot;）を、または &apos;cluster&apos; に Slurm クラスタを指定してください</translation>
    </message>
    <message>
        <source>&apos;max_speedup_over_baseline&apos; must be 0 (no bound) or at least 1, found %1</source>
        <translation>&apos;max_speedup_over_baseline&apos; は 0（上限なし）または 1 以上でなければなりません。値: %1</translation>
    </message>
    <message>
        <source>unknown role &apos;%1&apos; (known: %2)</source>
        <translation>不明なロール &apos;%1&apos; (既知: %2)</translation>
    </message>
    <message>
        <source>metric &apos;%1&apos; already has the role &apos;%2&apos;</source>
        <translation>メトリック &apos;%1&apos; はすでにロール &apos;%2&apos; を持っています</translation>
    </message>
    <message>
        <source>metric &apos;%1&apos; is in the catalog twice</source>
        <translation>メトリック &apos;%1&apos; がカタログに二度あります</translation>
    </message>
    <message>
        <source>the recording&apos;s problem_size [%1] is not this workload&apos;s problem (%2): its times belong to another size</source>
        <translation>記録の problem_size [%1] はこのワークロードの問題（%2）ではありません。その時間は別のサイズのものです</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>読めません: %1</translation>
    </message>
    <message>
        <source>%1 must be an array of objects, found %2</source>
        <translation>%1 はオブジェクトの配列でなければなりません（実際: %2）</translation>
    </message>
    <message numerus="yes">
        <source>%n optional figures (times, compile_time, GFLOP/s, …) are not of their kind and were read as absent; this is the first</source>
        <translation>
            <numerusform>%n 個の任意の値 (times、compile_time、GFLOP/s など) が型に合わず、無いものとして読みました。これが最初のものです</numerusform>
        </translation>
    </message>
    <message>
        <source>not a kwb.calibration/1 document</source>
        <translation>kwb.calibration/1 の文書ではありません</translation>
    </message>
    <message>
        <source>no numeric &apos;%1&apos; (peak GFLOP/s) and &apos;%2&apos; (bandwidth in GB/s) in the calibration document</source>
        <translation>キャリブレーション文書に数値の &apos;%1&apos;（ピーク GFLOP/s）と &apos;%2&apos;（帯域幅 GB/s）がありません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a plain name (letters, digits and &apos;_&apos;)</source>
        <translation>&apos;%1&apos; は単純な名前ではありません（英字・数字・&apos;_&apos;）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is already the name of a metric, an input or another calibration figure</source>
        <translation>&apos;%1&apos; はすでにメトリック、入力、または別のキャリブレーション値の名前です</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is an input of every formula; a derived metric cannot take its name</source>
        <translation>&apos;%1&apos; はすべての式の入力です。派生メトリックにこの名前は使えません</translation>
    </message>
</context>
<context>
    <name>kwb</name>
    <message>
        <source>warning: %1</source>
        <translation>警告: %1</translation>
    </message>
    <message>
        <source>Trust an SSH host seen for the first time (a changed key is always refused).</source>
        <translation>初めて接続する SSH ホストを信頼する（変更された鍵は常に拒否）。</translation>
    </message>
    <message>
        <source>Keep the passphrase of an encrypted SSH key in the system keychain (never in a file).</source>
        <translation>暗号化された SSH 鍵のパスフレーズをシステムのキーチェーンに保存する（ファイルには決して保存しない）。</translation>
    </message>
    <message>
        <source>wrong; passphrase for %1: </source>
        <translation>違います。%1 のパスフレーズ: </translation>
    </message>
    <message>
        <source>passphrase for %1: </source>
        <translation>%1 のパスフレーズ: </translation>
    </message>
    <message>
        <source>kwb hosts check WORKLOAD: for every host of the workload (or each --host), whether it is reachable, authenticated and has what the target needs, and what to do about what is missing.</source>
        <translation>kwb hosts check WORKLOAD: ワークロードの各ホスト（または各 --host）について、到達可能か、認証できるか、ターゲットに必要なものがあるか、足りないものにどう対処するかを表示します。</translation>
    </message>
    <message>
        <source>the only action so far</source>
        <translation>現在唯一の操作</translation>
    </message>
    <message>
        <source>Check this host instead (repeatable).</source>
        <translation>代わりにこのホストを検査する（複数指定可）。</translation>
    </message>
    <message>
        <source>usage: kwb hosts check WORKLOAD [--host HOST]…</source>
        <translation>使い方: kwb hosts check WORKLOAD [--host HOST]…</translation>
    </message>
    <message>
        <source>Compile, check and time one kernel of a workload on the local host.</source>
        <translation>ワークロードのカーネルを 1 つ、ローカルホストでコンパイル・検証・計測します。</translation>
    </message>
    <message>
        <source>Evaluate the template with NAME=VALUE (repeatable); other knobs take their defaults.</source>
        <translation>テンプレートを NAME=VALUE で評価（複数指定可）。他のノブは既定値。</translation>
    </message>
    <message>
        <source>Evaluate this kernel file instead of the workload&apos;s starting kernel.</source>
        <translation>ワークロードの開始カーネルの代わりにこのカーネルファイルを評価する。</translation>
    </message>
    <message>
        <source>Record the evaluation in this session folder (created if new).</source>
        <translation>評価をこのセッションフォルダーに記録する（なければ作成）。</translation>
    </message>
    <message>
        <source>Print the result document (kwb.result/1, enriched) instead of the summary.</source>
        <translation>概要の代わりに結果文書（kwb.result/1、情報付加済み）を出力する。</translation>
    </message>
    <message>
        <source>Check over N seeds (default: the workload&apos;s).</source>
        <translation>N 個のシードで検証する（既定: ワークロードの値）。</translation>
    </message>
    <message>
        <source>Timed iterations (default: the workload&apos;s).</source>
        <translation>計測する反復回数（既定: ワークロードの値）。</translation>
    </message>
    <message>
        <source>Per-stage time limit in seconds (default: the workload&apos;s).</source>
        <translation>段階ごとの制限時間（秒、既定: ワークロードの値）。</translation>
    </message>
    <message>
        <source>Flush the caches before each timed call.</source>
        <translation>計測する各呼び出しの前にキャッシュをフラッシュする。</translation>
    </message>
    <message>
        <source>Measure the machine&apos;s peaks again instead of using the cache.</source>
        <translation>キャッシュを使わずにマシンのピーク性能を再計測する。</translation>
    </message>
    <message>
        <source>Do not echo the harness&apos;s console output.</source>
        <translation>ハーネスのコンソール出力を表示しない。</translation>
    </message>
    <message>
        <source>Evaluate on this host: local or user@host[:port] or an ~/.ssh/config alias (default: the workload&apos;s first).</source>
        <translation>このホストで評価する: local、user@host[:port]、または ~/.ssh/config のエイリアス（既定: ワークロードの最初のホスト）。</translation>
    </message>
    <message>
        <source>expected exactly one workload file</source>
        <translation>ワークロードファイルをちょうど 1 つ指定してください</translation>
    </message>
    <message>
        <source>--%1 needs a positive number, got &apos;%2&apos;</source>
        <translation>--%1 には正の数が必要です（指定値 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>--kernel and --knob exclude each other</source>
        <translation>--kernel と --knob は同時に指定できません</translation>
    </message>
    <message>
        <source>invalid knob configuration %1:</source>
        <translation>無効なノブ構成 %1:</translation>
    </message>
    <message>
        <source>cannot read kernel %1: %2</source>
        <translation>カーネル %1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>(answered from the session cache: candidate #%1 has the same normalized source)</source>
        <translation>（セッションキャッシュから回答: 候補 #%1 は正規化後のソースが同一）</translation>
    </message>
    <message>
        <source>continuing without calibration: % of peak and the bottleneck class will be missing</source>
        <translation>較正なしで続行: ピーク比（%）とボトルネック分類は表示されません</translation>
    </message>
    <message>
        <source>could not record the evaluation: %1</source>
        <translation>評価を記録できませんでした: %1</translation>
    </message>
    <message>
        <source>infrastructure failure (nothing is known about the kernel): %1</source>
        <translation>インフラの障害（カーネルについては何も分かっていません）: %1</translation>
    </message>
    <message>
        <source>workload.json (not needed to resume a session)</source>
        <translation>workload.json（セッションの再開には不要）</translation>
    </message>
    <message>
        <source>Session folder: created if new, resumed if it exists.</source>
        <translation>セッションフォルダー: なければ作成、あれば再開。</translation>
    </message>
    <message>
        <source>Search strategy: model (default), coordinate, random, exhaustive.</source>
        <translation>探索戦略: model（既定）、coordinate、random、exhaustive。</translation>
    </message>
    <message>
        <source>Evaluate at most N candidates in this run (the starting kernel and baselines count).</source>
        <translation>この実行で評価する候補は最大 N 個（開始カーネルとベースラインも数える）。</translation>
    </message>
    <message>
        <source>Stop starting new rounds after S seconds.</source>
        <translation>S 秒後に新しいラウンドを開始しない。</translation>
    </message>
    <message>
        <source>Stop after N rounds without improvement (default 8; 0 = never).</source>
        <translation>改善のないラウンドが N 回続いたら停止（既定 8、0 = 停止しない）。</translation>
    </message>
    <message>
        <source>Candidates proposed per round (default: the workload&apos;s batch, else 1).</source>
        <translation>ラウンドごとに提案する候補数（既定: ワークロードの batch、なければ 1）。</translation>
    </message>
    <message>
        <source>Evaluations at once on the local host (default 1, so timings do not interfere).</source>
        <translation>ローカルホストで同時に行う評価数（既定 1、計測が干渉しないように）。</translation>
    </message>
    <message>
        <source>Seed of the search (default 1).</source>
        <translation>探索のシード（既定 1）。</translation>
    </message>
    <message>
        <source>Print only the candidate lines and the summary.</source>
        <translation>候補の行と概要だけを表示する。</translation>
    </message>
    <message>
        <source>--session DIR is required (the session is where the run is recorded and resumed)</source>
        <translation>--session DIR が必要です（実行はセッションに記録され、そこから再開されます）</translation>
    </message>
    <message>
        <source>%1 is not a session yet; name the workload to start one</source>
        <translation>%1 はまだセッションではありません。開始するにはワークロードを指定してください</translation>
    </message>
    <message>
        <source>--batch takes a positive number of candidates</source>
        <translation>--batch には正の候補数を指定してください</translation>
    </message>
    <message>
        <source>unknown strategy &apos;%1&apos; (model, coordinate, random, exhaustive)</source>
        <translation>不明な戦略 &apos;%1&apos;（model、coordinate、random、exhaustive）</translation>
    </message>
    <message>
        <source>host %1 is down; its work goes to the others</source>
        <translation>ホスト %1 がダウン。作業は他のホストに回されます</translation>
    </message>
    <message>
        <source>host %1 is up again</source>
        <translation>ホスト %1 が復帰しました</translation>
    </message>
    <message numerus="yes">
        <source>resuming %1: %n candidates recorded</source>
        <translation>
            <numerusform>%1 を再開: 記録済みの候補 %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 on %3, session %4</source>
        <translation>%1: %2（%3 上）、セッション %4</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>残り約 %1</translation>
    </message>
    <message>
        <source>[%1%2] %3/%4 · round %5 · %6</source>
        <translation>[%1%2] %3/%4 · ラウンド %5 · %6</translation>
    </message>
    <message>
        <source>evaluating #%1 %2</source>
        <translation>#%1 %2 を評価中</translation>
    </message>
    <message>
        <source>#%1: host problem, retry %2: %3</source>
        <translation>#%1: ホストの問題、再試行 %2: %3</translation>
    </message>
    <message>
        <source>#%1 reverted to #%2: %3</source>
        <translation>#%1 から #%2 に巻き戻しました: %3</translation>
    </message>
    <message>
        <source>stopping after the running candidate is recorded (Ctrl-C again to abandon it)</source>
        <translation>実行中の候補を記録してから停止します（もう一度 Ctrl-C で破棄）</translation>
    </message>
    <message>
        <source>abandoning the running candidate</source>
        <translation>実行中の候補を破棄します</translation>
    </message>
    <message>
        <source>resume with: kwb run --session %1</source>
        <translation>再開するには: kwb run --session %1</translation>
    </message>
    <message>
        <source>session folder</source>
        <translation>セッションフォルダー</translation>
    </message>
    <message>
        <source>Comma-separated values, one row per candidate.</source>
        <translation>カンマ区切り値、候補ごとに 1 行。</translation>
    </message>
    <message>
        <source>The records as JSON.</source>
        <translation>記録を JSON で出力。</translation>
    </message>
    <message>
        <source>usage: kwb validate WORKLOAD</source>
        <translation>使い方: kwb validate WORKLOAD</translation>
    </message>
    <message>
        <source>%1: ok — %2 for %3, goal %4</source>
        <translation>%1: OK — %2（%3 向け）、目標 %4</translation>
    </message>
    <message>
        <source>work: %1 GFLOP, %2 MB compulsory traffic</source>
        <translation>演算量: %1 GFLOP、必須転送量 %2 MB</translation>
    </message>
    <message>
        <source>knobs: %1, %2 configurations, %3 valid under %4 constraint(s)</source>
        <translation>ノブ: %1 個、構成 %2 通り、%4 個の制約の下で有効 %3 通り</translation>
    </message>
    <message>
        <source>Target profile (default cpu-cxx).</source>
        <translation>ターゲットプロファイル（既定 cpu-cxx）。</translation>
    </message>
    <message>
        <source>Measure again even if a cached calibration exists.</source>
        <translation>キャッシュされた較正があっても再計測する。</translation>
    </message>
    <message>
        <source>Print the calibration document.</source>
        <translation>較正文書を出力する。</translation>
    </message>
    <message>
        <source>local (%1): peak %2 GFLOP/s (1 core, %3), memory bandwidth %4 GB/s, ridge %5 FLOP/byte</source>
        <translation>ローカル（%1）: ピーク %2 GFLOP/s（1 コア、%3）、メモリ帯域 %4 GB/s、リッジ %5 FLOP/バイト</translation>
    </message>
    <message>
        <source>[cached %1; --force to measure again]</source>
        <translation>[キャッシュ %1、再計測は --force]</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>不明なコマンド &apos;%1&apos;</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>rnd</source>
        <translation>回</translation>
    </message>
    <message>
        <source>origin</source>
        <translation>由来</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正誤</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中央値</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>高速化</translation>
    </message>
    <message>
        <source>decision</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>(best is %1× as fast)</source>
        <translation>（最良はその %1 倍高速）</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <source>start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>= %1% of measured peak</source>
        <translation>= 計測ピークの %1%</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最良</translation>
    </message>
    <message>
        <source>%1× over the start</source>
        <translation>開始時の %1 倍</translation>
    </message>
    <message>
        <source>no correct kernel yet</source>
        <translation>正しいカーネルはまだありません</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>evaluations</source>
        <translation>評価</translation>
    </message>
    <message>
        <source>%1 this run, %2 in the session; failures: %3</source>
        <translation>この実行で %1 回、セッション全体で %2 回。失敗: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message numerus="yes">
        <source>%n lost to the host (not counted)</source>
        <translation>
            <numerusform>%n 回はホスト側の問題で失われた（数えない）</numerusform>
        </translation>
    </message>
    <message>
        <source>time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>compile %1 s, check %2 s, bench %3 s</source>
        <translation>コンパイル %1 秒、検証 %2 秒、計測 %3 秒</translation>
    </message>
    <message numerus="yes">
        <source>[… %n more lines in the session log]</source>
        <translation>
            <numerusform>[… 残り %n 行はセッションのログにあります]</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2 on %3 · %4 (sha %5)</source>
        <translation>%1 · %2（%3 上）· %4（sha %5）</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>リファレンス</translation>
    </message>
    <message>
        <source>broken: %1 (fix the workload, not the kernel)</source>
        <translation>壊れています: %1（カーネルではなくワークロードを直してください）</translation>
    </message>
    <message>
        <source>compiler log:</source>
        <translation>コンパイラのログ:</translation>
    </message>
    <message>
        <source>compiled</source>
        <translation>コンパイル</translation>
    </message>
    <message>
        <source>yes (%1 s)</source>
        <translation>成功（%1 秒）</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <source>seed %1 %2  rel L2 %3  max abs %4</source>
        <translation>シード %1 %2  相対 L2 %3  最大絶対誤差 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n elements off</source>
        <translation>
            <numerusform>%n 要素がずれています</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n NaN/Inf or unwritten)</source>
        <translation>
            <numerusform>（NaN/Inf または未書き込み %n 個）</numerusform>
        </translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正しさ</translation>
    </message>
    <message>
        <source>yes, %1/%2 checks within %3; worst rel L2 %4, max abs %5</source>
        <translation>はい、%1/%2 回の検証が %3 以内。最悪の相対 L2 %4、最大絶対誤差 %5</translation>
    </message>
    <message>
        <source>NO, %1/%2 checks within %3; worst rel L2 %4, max abs %5</source>
        <translation>いいえ、%1/%2 回の検証が %3 以内。最悪の相対 L2 %4、最大絶対誤差 %5</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>%1 during %2: %3</source>
        <translation>%2 で %1: %3</translation>
    </message>
    <message>
        <source>bottleneck</source>
        <translation>ボトルネック</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>レイテンシ</translation>
    </message>
    <message>
        <source>median %1 ms, min %2 ms, p90 %3 ms; spread %4% (IQR/median) over %5 samples</source>
        <translation>中央値 %1 ms、最小 %2 ms、p90 %3 ms。ばらつき %4%（IQR/中央値）、サンプル %5 個</translation>
    </message>
    <message>
        <source>× %1 calls</source>
        <translation>× %1 回呼び出し</translation>
    </message>
    <message>
        <source>= %1% of measured peak (%2 GFLOP/s, 1 core fp32)</source>
        <translation>= 計測ピーク（%2 GFLOP/s、1 コア fp32）の %1%</translation>
    </message>
    <message>
        <source>(no calibration, so no % of peak)</source>
        <translation>（較正なし、ピーク比なし）</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>スループット</translation>
    </message>
    <message>
        <source>%1 GB/s compulsory traffic</source>
        <translation>必須転送 %1 GB/s</translation>
    </message>
    <message>
        <source>= %1% of measured bandwidth (%2 GB/s)</source>
        <translation>= 計測帯域（%2 GB/s）の %1%</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>帯域</translation>
    </message>
    <message>
        <source>cache misses %1% of references</source>
        <translation>キャッシュミス 参照の %1%</translation>
    </message>
    <message>
        <source>counters</source>
        <translation>カウンター</translation>
    </message>
    <message>
        <source>unavailable: %1</source>
        <translation>利用不可: %1</translation>
    </message>
    <message>
        <source>Write a session&apos;s knob measurements as a Kernel Tuner cache file (schema 1.1.0).</source>
        <translation>セッションのノブ計測値を Kernel Tuner キャッシュファイル（スキーマ 1.1.0）として書き出します。</translation>
    </message>
    <message>
        <source>Write to FILE instead of standard output.</source>
        <translation>標準出力の代わりに FILE に書き出す。</translation>
    </message>
    <message>
        <source>name one session folder</source>
        <translation>セッションフォルダーを 1 つ指定してください</translation>
    </message>
    <message>
        <source>the workload has no knobs, so there is nothing to export</source>
        <translation>このワークロードにはノブがないため、書き出すものがありません</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n configurations</source>
        <translation>
            <numerusform>%n 通りの構成</numerusform>
        </translation>
    </message>
    <message>
        <source>Add the measurements of a Kernel Tuner cache file to a session, so the search learns from them and never measures those configurations again.</source>
        <translation>Kernel Tuner キャッシュファイルの計測値をセッションに追加します。探索はそれらから学び、同じ構成を再計測しません。</translation>
    </message>
    <message>
        <source>Kernel Tuner cache file (.json)</source>
        <translation>Kernel Tuner キャッシュファイル（.json）</translation>
    </message>
    <message>
        <source>workload.json (not needed for an existing session)</source>
        <translation>workload.json（既存のセッションには不要）</translation>
    </message>
    <message>
        <source>Session folder: created if new.</source>
        <translation>セッションフォルダー: なければ作成。</translation>
    </message>
    <message>
        <source>usage: kwb import CACHE.json [WORKLOAD] --session DIR</source>
        <translation>使い方: kwb import CACHE.json [WORKLOAD] --session DIR</translation>
    </message>
    <message>
        <source>Comma-separated strategies (default: all).</source>
        <translation>カンマ区切りの戦略（既定: すべて）。</translation>
    </message>
    <message>
        <source>Replays per strategy, seeds 1..N (default 100).</source>
        <translation>戦略ごとの再生回数、シード 1..N（既定 100）。</translation>
    </message>
    <message>
        <source>the recording holds no successful measurement</source>
        <translation>記録に成功した計測がありません</translation>
    </message>
    <message>
        <source>unknown strategy &apos;%1&apos; (exhaustive, random, coordinate, model)</source>
        <translation>不明な戦略 &apos;%1&apos;（exhaustive、random、coordinate、model）</translation>
    </message>
    <message>
        <source>recording</source>
        <translation>記録</translation>
    </message>
    <message>
        <source>%1: %2 configurations (%3 failed) of %4 valid, on %5</source>
        <translation>%1: 有効な %4 通り中 %2 通り（失敗 %3）、%5 上</translation>
    </message>
    <message>
        <source>optimum</source>
        <translation>最適値</translation>
    </message>
    <message>
        <source>within 95%</source>
        <translation>95% 以内</translation>
    </message>
    <message>
        <source>replays</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>%1 seeds per strategy, budget %2 evaluations</source>
        <translation>戦略ごとにシード %1 個、予算 %2 評価</translation>
    </message>
    <message>
        <source>warning: the recording lacks configurations the strategies proposed (up to %1 per replay); they counted as failures</source>
        <translation>警告: 戦略が提案した構成が記録にありません（再生ごとに最大 %1 個）。失敗として数えました</translation>
    </message>
    <message>
        <source>Who proposes candidates: search (the built-in knob search) or llm (default: the workload&apos;s planner).</source>
        <translation>候補を提案するもの: search（組み込みのノブ探索）または llm（既定: ワークロードのプランナー）。</translation>
    </message>
    <message>
        <source>LLM provider: openai (any OpenAI-compatible server), anthropic, or command (default: the workload&apos;s llm.provider).</source>
        <translation>LLM プロバイダー: openai（OpenAI 互換サーバー全般）、anthropic、command（既定: ワークロードの llm.provider）。</translation>
    </message>
    <message>
        <source>LLM model name (default: the workload&apos;s llm.model).</source>
        <translation>LLM のモデル名（既定: ワークロードの llm.model）。</translation>
    </message>
    <message>
        <source>Base URL of the LLM server (default: $OPENAI_BASE_URL or $ANTHROPIC_BASE_URL, else the public API).</source>
        <translation>LLM サーバーのベース URL（既定: $OPENAI_BASE_URL または $ANTHROPIC_BASE_URL、なければ公開 API）。</translation>
    </message>
    <message>
        <source>Environment variable holding the API key (default: OPENAI_API_KEY or ANTHROPIC_API_KEY).</source>
        <translation>API キーを保持する環境変数（既定: OPENAI_API_KEY または ANTHROPIC_API_KEY）。</translation>
    </message>
    <message>
        <source>For --provider command: the program that reads the prompt on stdin and answers on stdout, with its arguments.</source>
        <translation>--provider command 用: プロンプトを標準入力から読み標準出力に答えるプログラムとその引数。</translation>
    </message>
    <message>
        <source>Stop when the session&apos;s LLM calls have cost this many US$ (prices: llm.price_in and llm.price_out per million tokens).</source>
        <translation>セッションの LLM 呼び出しの費用がこの US$ に達したら停止（価格: 100 万トークンあたりの llm.price_in と llm.price_out）。</translation>
    </message>
    <message>
        <source>round %1 US$ %2</source>
        <translation>ラウンド %1 US$ %2</translation>
    </message>
    <message>
        <source>llm</source>
        <translation>LLM</translation>
    </message>
    <message numerus="yes">
        <source>%n calls</source>
        <translation>
            <numerusform>呼び出し %n 回</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n failed)</source>
        <translation>
            <numerusform>（失敗 %n）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out, US$ %3, %4 s</source>
        <translation>入力 %1 トークン、出力 %2、US$ %3、%4 秒</translation>
    </message>
    <message>
        <source>Let the rules, not the LLM, write the optimization memory and the reflexions (fewer calls).</source>
        <translation>最適化メモリーと振り返りを LLM ではなくルールで書く（呼び出しが減ります）。</translation>
    </message>
    <message>
        <source>--prompts: %1 is not a folder</source>
        <translation>--prompts: %1 はフォルダーではありません</translation>
    </message>
    <message>
        <source>Kernels the executor writes for each plan (default: the workload&apos;s llm.samples, else 1); a round&apos;s batch holds plans times samples.</source>
        <translation>計画ごとに実行役が書くカーネルの数（既定: ワークロードの llm.samples、なければ 1）。1 ラウンドのバッチは計画数×サンプル数です。</translation>
    </message>
    <message>
        <source>A folder of your own prompt templates (planner.md, executor.md, …), used before the built-in ones.</source>
        <translation>自分のプロンプトテンプレート（planner.md、executor.md など）のフォルダー。組み込みのものより優先されます。</translation>
    </message>
    <message numerus="yes">
        <source>%n sent back to the LLM for a fix</source>
        <translation>
            <numerusform>%n 件を修正のため LLM に差し戻し</numerusform>
        </translation>
    </message>
    <message>
        <source>Run the optimization loop on the workload&apos;s hosts with the knob search or the LLM planner.</source>
        <translation>ワークロードのホストで、ノブ探索または LLM プランナーを使って最適化ループを実行します。</translation>
    </message>
    <message>
        <source>local (%1): peak TFLOP/s %2; memory bandwidth %3 GB/s</source>
        <translation>ローカル (%1): ピーク TFLOP/s %2、メモリ帯域 %3 GB/s</translation>
    </message>
    <message>
        <source>(interpreter time on the CPU, never a GPU time)</source>
        <translation>（CPU 上のインタープリター時間であり、GPU 時間ではありません）</translation>
    </message>
    <message>
        <source>= %1% of the measured %2 peak of %3 (%4 GFLOP/s)</source>
        <translation>= %3 の実測 %2 ピークの %1%（%4 GFLOP/s）</translation>
    </message>
    <message>
        <source>resources</source>
        <translation>リソース</translation>
    </message>
    <message>
        <source>%1 registers per thread, %2 bytes spilled, %3 bytes static shared memory</source>
        <translation>スレッドあたり %1 レジスタ、スピル %2 バイト、静的共有メモリ %3 バイト</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>フラグ付き</translation>
    </message>
    <message>
        <source>internal error: %1 (please report it with the file that caused it)</source>
        <translation>内部エラー: %1（原因となったファイルを添えて報告してください）</translation>
    </message>
    <message>
        <source>Evaluations per replay (default: the whole space, at most four times the recording).</source>
        <translation>再生ごとの評価回数（既定: 空間全体、ただし最大で記録の 4 倍）。</translation>
    </message>
    <message>
        <source>stopped before the first evaluation</source>
        <translation>最初の評価の前に停止しました</translation>
    </message>
    <message>
        <source>stopped by the engineer</source>
        <translation>エンジニアが停止しました</translation>
    </message>
    <message>
        <source>best: #%1 %2</source>
        <translation>最良: #%1 %2</translation>
    </message>
    <message>
        <source>This run&apos;s goal for the workload&apos;s metric (default: the workload&apos;s goal); with --session alone it continues a run that reached its goal.</source>
        <translation>この実行でのワークロードの指標の目標 (既定: ワークロードの目標)。--session だけを付けると、目標に達した実行を続けます。</translation>
    </message>
    <message>
        <source>The round limit of the session (default: the workload&apos;s rounds); raise it to continue a run that reached its limit.</source>
        <translation>セッションのラウンド上限 (既定: ワークロードの rounds)。上限に達した実行を続けるには引き上げてください。</translation>
    </message>
    <message>
        <source>--goal takes a number, got &apos;%1&apos;</source>
        <translation>--goal には数値が必要です (指定: &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>--rounds takes a positive number of rounds</source>
        <translation>--rounds には正のラウンド数が必要です</translation>
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
        <translation>使い方: kwb コマンド [オプション]

コマンド:
  run WORKLOAD --session DIR
                     最適化ループを実行（組み込みのノブ探索）。--session DIR
                     だけを付けて再実行すると再開
  report DIR         セッションの候補を一覧表示（--csv、--json）
  export DIR         セッションのノブ計測値を Kernel Tuner キャッシュファイルとして出力
  import CACHE --session DIR [WORKLOAD]
                     Kernel Tuner キャッシュファイルの計測値をセッションに追加
  simulate RECORDING [--restrict EXPR]... [--space FILE]
  simulate WORKLOAD --cache FILE
                     記録された空間に対して探索戦略を再生
  hosts check WORKLOAD
                     各ホストが到達可能・認証済み・必要な環境を備えているか
  eval WORKLOAD      ワークロードのカーネルを 1 つコンパイル・検証・計測し
                     概要を表示（--knob か --kernel がなければ開始カーネル）
  validate WORKLOAD  ワークロードファイルを検査し、ノブ空間を説明
  calibrate          このホストのピーク FLOP/s とメモリ帯域を計測
  targets            kwb が見つけたターゲットプロファイルを一覧表示

各コマンドのオプションは &apos;kwb コマンド --help&apos; で表示されます。
終了ステータス: 0 成功、1 カーネルが失敗（コンパイル、不正解、クラッシュ、タイムアウト）、
2 入力の誤り、3 ホストまたはハーネスの失敗。
</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>読み込めません: %1</translation>
    </message>
    <message>
        <source>--restrict and --space describe a recording read on its own; with a workload, its constraints restrict the space</source>
        <translation>--restrict と --space は単独で読む記録のためのものです。ワークロードがある場合はその制約が空間を制限します</translation>
    </message>
    <message>
        <source>Replay the search strategies against a recorded knob space (a Kernel Tuner cache file, gzip-compressed or not) without compiling anything: evaluations each needs to reach 90% and 95% of the recorded optimum, counting every proposal, failed configurations included. The space is the file&apos;s own (its header&apos;s tune_params, restricted by --restrict or --space) or a workload&apos;s (with --cache).</source>
        <translation>記録されたノブ空間（Kernel Tuner キャッシュファイル、gzip 圧縮の有無は問わない）に対して、何もコンパイルせずに探索戦略を再生します: 記録された最適値の 90% と 95% に達するまでに各戦略が要する評価回数（失敗した構成を含め、すべての提案を数える）。空間はファイル自身のもの（ヘッダーの tune_params を --restrict または --space で制限）か、ワークロードのもの（--cache 指定時）です。</translation>
    </message>
    <message>
        <source>A Kernel Tuner cache file; or, with --cache, the workload.json whose knob space was recorded</source>
        <translation>Kernel Tuner のキャッシュファイル。または --cache と共に、ノブ空間が記録された workload.json</translation>
    </message>
    <message>
        <source>The recording, when the first argument is a workload.</source>
        <translation>最初の引数がワークロードのときの記録。</translation>
    </message>
    <message>
        <source>A restriction of the recorded space in Kernel Tuner&apos;s (Python) syntax, e.g. &apos;32 &lt;= block_size_x * block_size_y &lt;= 1024&apos; (repeatable).</source>
        <translation>Kernel Tuner の（Python）構文で書いた記録空間の制約。例: &apos;32 &lt;= block_size_x * block_size_y &lt;= 1024&apos;（複数指定可）。</translation>
    </message>
    <message>
        <source>A search-space file in benchmark_hub&apos;s format (kernels/*.json): its Conditions restrict the recorded space.</source>
        <translation>benchmark_hub 形式（kernels/*.json）の探索空間ファイル: その Conditions が記録された空間を制限します。</translation>
    </message>
    <message>
        <source>Print the figures as one JSON document.</source>
        <translation>数値を 1 つの JSON 文書として出力します。</translation>
    </message>
    <message>
        <source>usage: kwb simulate RECORDING [--restrict EXPR]... [--space FILE], or kwb simulate WORKLOAD --cache FILE</source>
        <translation>使い方: kwb simulate RECORDING [--restrict EXPR]... [--space FILE]、または kwb simulate WORKLOAD --cache FILE</translation>
    </message>
    <message numerus="yes">
        <source>%n recorded configurations lie outside the restrictions and are left out</source>
        <translation>
            <numerusform>記録された %n 個の構成が制約の外にあるため除外します</numerusform>
        </translation>
    </message>
    <message>
        <source>warning: the recording holds %1 of the %2 valid configurations; a proposal it lacks counts as a failure (is a restriction missing? --restrict, --space)</source>
        <translation>警告: 記録には有効な %2 個の構成のうち %1 個しかありません。記録にない提案は失敗として数えます（制約が足りないのでは？ --restrict、--space）</translation>
    </message>
    <message>
        <source>strategy     to 90%: median   p90   to 95%: median   p90   unreached(95%)   random/strategy (95%, median)   ms/proposal</source>
        <translation>戦略         90%まで: 中央値  p90   95%まで: 中央値  p90   未到達(95%)      random/戦略 (95%, 中央値)   ms/提案</translation>
    </message>
    <message>
        <source>Run the evaluations on this host: local, user@host[:port], an ~/.ssh/config alias or a Slurm cluster (slurm://LOGIN?partition=…); repeat for a pool (default: the workload&apos;s hosts).</source>
        <translation>このホストで評価を実行します: local、user@host[:port]、~/.ssh/config のエイリアス、または Slurm クラスタ (slurm://LOGIN?partition=…)。プールにするには繰り返し指定します（既定: ワークロードのホスト）。</translation>
    </message>
    <message>
        <source>Write a self-contained HTML report (summary, charts, decisions, the best kernel&apos;s diff) to FILE.</source>
        <translation>単体で開ける HTML レポート（概要、グラフ、判定、最良カーネルの差分）を FILE に書き出します。</translation>
    </message>
    <message>
        <source>usage: kwb report DIR [--csv | --json | --html FILE]</source>
        <translation>使い方: kwb report DIR [--csv | --json | --html FILE]</translation>
    </message>
    <message>
        <source>kwb report: wrote %1</source>
        <translation>kwb report: %1 を書き出しました</translation>
    </message>
    <message>
        <source>random sampling, exactly (drawing without replacement from the %1 valid configurations): to 90%: median %2, p90 %3; to 95%: median %4, p90 %5</source>
        <translation>ランダムサンプリングの厳密値（有効な %1 構成から非復元抽出）: 90% まで: 中央値 %2、p90 %3; 95% まで: 中央値 %4、p90 %5</translation>
    </message>
    <message>
        <source>needs: %1</source>
        <translation>必要なもの: %1</translation>
    </message>
    <message>
        <source>What a host lacks for a workload: kwb hosts check WORKLOAD [--host HOST]</source>
        <translation>ワークロードに対してホストに足りないもの: kwb hosts check WORKLOAD [--host HOST]</translation>
    </message>
    <message>
        <source>broken:</source>
        <translation>壊れています:</translation>
    </message>
    <message>
        <source>SM clock %1 MHz</source>
        <translation>SMクロック %1 MHz</translation>
    </message>
    <message>
        <source>(of %1)</source>
        <translation>(最大 %1)</translation>
    </message>
    <message>
        <source>power %1 W</source>
        <translation>電力 %1 W</translation>
    </message>
    <message>
        <source>of its %1 W limit</source>
        <translation>(上限 %1 W)</translation>
    </message>
    <message>
        <source>never slowed</source>
        <translation>減速なし</translation>
    </message>
    <message>
        <source>slowed by %1</source>
        <translation>減速要因: %1</translation>
    </message>
    <message>
        <source>(1 sample)</source>
        <translation>(1 サンプル)</translation>
    </message>
    <message>
        <source>(%1 samples)</source>
        <translation>(%1 サンプル)</translation>
    </message>
    <message>
        <source>conditions</source>
        <translation>動作状態</translation>
    </message>
    <message>
        <source>the supervisor timed the section at %1 ms; the reported times explain %2% of it</source>
        <translation>スーパーバイザーはこの区間を %1 ms と計測しました。報告された時間はその %2% を説明します</translation>
    </message>
    <message>
        <source>none: the harness marked no timed section</source>
        <translation>なし: ハーネスが計測区間を示していません</translation>
    </message>
    <message>
        <source>(raised to its bound)</source>
        <translation>(下限まで引き上げ)</translation>
    </message>
    <message>
        <source>clock check</source>
        <translation>時計の照合</translation>
    </message>
    <message>
        <source>no trusted kernel yet (untrusted: %1)</source>
        <translation>信頼できるカーネルはまだありません (信頼できないもの: %1)</translation>
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
        <translation>ホスト切断</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正しい</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>ラウンド</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>由来</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中央値</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>高速化率</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>判定</translation>
    </message>
</context>
<context>
    <name>kwb::CompareView</name>
    <message>
        <source>Swap</source>
        <translation>入れ替え</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>with</source>
        <translation>と</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指標</translation>
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
        <translation>記録済みの候補を 2 つ選んでください (タイムラインでダブルクリックすると親と比較します)。</translation>
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
        <translation>採用</translation>
    </message>
    <message>
        <source>discarded</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>reverted</source>
        <translation>巻き戻し</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>infra</source>
        <translation>ホスト切断</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>評価済み</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>インポート済み</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>劣化</translation>
    </message>
</context>
<context>
    <name>kwb::HostCheck</name>
    <message>
        <source> (on a compute node)</source>
        <translation>（計算ノード上）</translation>
    </message>
    <message>
        <source>reachable and authenticated (%1 ms)</source>
        <translation>到達可能・認証済み（%1 ms）</translation>
    </message>
    <message>
        <source>all hosts ready for %1</source>
        <translation>すべてのホストが %1 の準備完了</translation>
    </message>
    <message>
        <source>some hosts are not ready (see ✗ above)</source>
        <translation>準備ができていないホストがあります（上の ✗ を参照）</translation>
    </message>
</context>
<context>
    <name>kwb::HostModel</name>
    <message>
        <source>busy</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>local</source>
        <translation>ローカル</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未接続</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>接続済み</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ダウン</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>レイテンシ</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>直近の問題</translation>
    </message>
    <message>
        <source>%1 pending · %2 running · %3 done · %4 failed</source>
        <translation>待機 %1 · 実行中 %2 · 完了 %3 · 失敗 %4</translation>
    </message>
    <message>
        <source> · queue wait %1 s</source>
        <translation> · 待ち時間 %1 秒</translation>
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
        <translation>教訓: %1</translation>
    </message>
    <message>
        <source>avoid: %1</source>
        <translation>避ける: %1</translation>
    </message>
    <message>
        <source>try: %1</source>
        <translation>試す: %1</translation>
    </message>
    <message>
        <source>#%1 → #%2: %3× — %4</source>
        <translation>#%1 → #%2: %3倍 — %4</translation>
    </message>
</context>
<context>
    <name>kwb::LlmCallModel</name>
    <message>
        <source>streaming…</source>
        <translation>受信中…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>目的</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>ラウンド</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>入力トークン</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>出力トークン</translation>
    </message>
    <message>
        <source>US$</source>
        <translation>US$</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
</context>
<context>
    <name>kwb::LlmSettingsDialog</name>
    <message>
        <source>LLM provider</source>
        <translation>LLM プロバイダー</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenAI, vLLM, llama.cpp, Ollama, LM Studio)</source>
        <translation>OpenAI 互換（OpenAI、vLLM、llama.cpp、Ollama、LM Studio）</translation>
    </message>
    <message>
        <source>Anthropic Messages API</source>
        <translation>Anthropic Messages API</translation>
    </message>
    <message>
        <source>A local command (prompt on stdin, reply on stdout)</source>
        <translation>ローカルコマンド（プロンプトは標準入力、応答は標準出力）</translation>
    </message>
    <message>
        <source>default: $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL, else the public API</source>
        <translation>既定: $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL、なければ公開 API</translation>
    </message>
    <message>
        <source>default: OPENAI_API_KEY / ANTHROPIC_API_KEY</source>
        <translation>既定: OPENAI_API_KEY / ANTHROPIC_API_KEY</translation>
    </message>
    <message>
        <source>stored in the keychain; type to replace</source>
        <translation>キーチェーンに保存済み。置き換えるには入力</translation>
    </message>
    <message>
        <source>optional: stored in the OS keychain, never in a file</source>
        <translation>任意: OS のキーチェーンに保存（ファイルには保存しません）</translation>
    </message>
    <message>
        <source>for a local command: the program and its arguments</source>
        <translation>ローカルコマンドの場合: プログラムとその引数</translation>
    </message>
    <message>
        <source>The LLM also writes the optimization memory and the reflexions</source>
        <translation>LLM が最適化メモリーと振り返りも書く</translation>
    </message>
    <message>
        <source>Use these instead of a workload&apos;s own &apos;llm&apos; settings</source>
        <translation>ワークロード自身の &apos;llm&apos; 設定の代わりにこれを使う</translation>
    </message>
    <message>
        <source>Plan with the LLM also where the workload names the knob search</source>
        <translation>ワークロードがノブ探索を指定していても LLM で計画する</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>プロバイダー:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>ベース URL:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>モデル:</translation>
    </message>
    <message>
        <source>Key variable:</source>
        <translation>キーの環境変数:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API キー:</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>コマンド:</translation>
    </message>
    <message>
        <source>Price in (per million tokens):</source>
        <translation>入力の価格（100 万トークンあたり）:</translation>
    </message>
    <message>
        <source>Price out (per million tokens):</source>
        <translation>出力の価格（100 万トークンあたり）:</translation>
    </message>
    <message>
        <source>The key could not be stored in the keychain: %1</source>
        <translation>キーをキーチェーンに保存できませんでした: %1</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>How many kernels the executor writes for each plan; a round&apos;s batch holds plans times kernels.</source>
        <translation>計画ごとに実行役が書くカーネルの数。1 ラウンドのバッチは計画数×カーネル数です。</translation>
    </message>
    <message>
        <source>optional: a folder of your own planner.md, executor.md, …</source>
        <translation>任意: 自分の planner.md、executor.md などのフォルダー</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <source>Prompt templates</source>
        <translation>プロンプトテンプレート</translation>
    </message>
    <message>
        <source>Copy the built-in ones there</source>
        <translation>組み込みのものをそこへコピー</translation>
    </message>
    <message>
        <source>Writes the built-in templates into the folder to edit (files already there are kept).</source>
        <translation>組み込みテンプレートを編集用にフォルダーへ書き出します（既存のファイルはそのまま）。</translation>
    </message>
    <message>
        <source>Choose a folder first.</source>
        <translation>先にフォルダーを選んでください。</translation>
    </message>
    <message numerus="yes">
        <source>%n template(s) written to %1.</source>
        <translation>
            <numerusform>%n 件のテンプレートを %1 に書き出しました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Kernels per plan:</source>
        <translation>計画あたりのカーネル数:</translation>
    </message>
    <message>
        <source>Prompt templates:</source>
        <translation>プロンプトテンプレート:</translation>
    </message>
    <message>
        <source>The prompt folder %1 does not exist.</source>
        <translation>プロンプトフォルダー %1 は存在しません。</translation>
    </message>
</context>
<context>
    <name>kwb::LlmView</name>
    <message>
        <source>The exact prompt of the selected call.</source>
        <translation>選択した呼び出しの正確なプロンプト。</translation>
    </message>
    <message>
        <source>Its reply, as it streams in.</source>
        <translation>その応答（届くそばから表示）。</translation>
    </message>
    <message>
        <source>No LLM calls in this session (the planner is the knob search, or nothing ran yet). Device time: %1 s.</source>
        <translation>このセッションには LLM の呼び出しがありません（プランナーがノブ探索か、まだ何も実行していません）。デバイス時間: %1 秒。</translation>
    </message>
    <message numerus="yes">
        <source>%n LLM calls</source>
        <translation>
            <numerusform>LLM 呼び出し %n 回</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n failed)</source>
        <translation>
            <numerusform>（%n 回失敗）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out · US$ %3 · %4 s waiting for the LLM · device time %5 s</source>
        <translation>入力 %1 トークン、出力 %2 · US$ %3 · LLM 待ち %4 秒 · デバイス時間 %5 秒</translation>
    </message>
</context>
<context>
    <name>kwb::LoopPhase</name>
    <message>
        <source>idle</source>
        <translation>待機</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>承認待ち</translation>
    </message>
    <message>
        <source>ship</source>
        <translation>送出</translation>
    </message>
    <message>
        <source>evaluate</source>
        <translation>評価</translation>
    </message>
    <message>
        <source>decide</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>summarize</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>reflect</source>
        <translation>振り返り</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
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
        <translation>実行</translation>
    </message>
    <message>
        <source>Start or resume the loop</source>
        <translation>ループを開始または再開</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Pause after the current phase</source>
        <translation>現在のフェーズの後で一時停止</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Advance one phase</source>
        <translation>1 フェーズ進める</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Ship the pending candidate</source>
        <translation>保留中の候補を送出</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Hand-edit the pending candidate, then approve</source>
        <translation>保留中の候補を手で編集してから承認</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>Drop the pending candidate</source>
        <translation>保留中の候補を破棄</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Drop the pending candidate and ask the planner for another</source>
        <translation>保留中の候補を破棄し、プランナーに別の候補を求める</translation>
    </message>
    <message>
        <source>Revert to selected</source>
        <translation>選択した候補に巻き戻す</translation>
    </message>
    <message>
        <source>Make the selected candidate the incumbent; later candidates branch from it</source>
        <translation>選択した候補を現行とし、以降の候補はそこから分岐</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Autopilot</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>Approve each candidate</source>
        <translation>候補ごとに承認</translation>
    </message>
    <message>
        <source>Step each phase</source>
        <translation>フェーズごとに停止</translation>
    </message>
    <message>
        <source>How much the loop waits for you</source>
        <translation>ループがどこであなたを待つか</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>ループ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>新しいセッション(&amp;N)…</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>ワークロード</translation>
    </message>
    <message>
        <source>Workloads (*.json)</source>
        <translation>ワークロード (*.json)</translation>
    </message>
    <message>
        <source>Folder for the new session</source>
        <translation>新しいセッションのフォルダー</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>セッションを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Session folder</source>
        <translation>セッションフォルダー</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近のセッション(&amp;R)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>グラフを書き出す</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 画像 (*.png);;SVG 図形 (*.svg)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 を書き込めませんでした。</translation>
    </message>
    <message>
        <source>Export metrics &amp;chart…</source>
        <translation>指標グラフを書き出す(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;roofline…</source>
        <translation>ルーフラインを書き出す(&amp;R)…</translation>
    </message>
    <message>
        <source>Export &amp;selection bars…</source>
        <translation>選択バーを書き出す(&amp;S)…</translation>
    </message>
    <message>
        <source>Compare selected with &amp;incumbent</source>
        <translation>選択を現行と比較(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>ループ(&amp;L)</translation>
    </message>
    <message>
        <source>Re&amp;play session</source>
        <translation>セッションを再生(&amp;P)</translation>
    </message>
    <message>
        <source>%1 candidates a second</source>
        <translation>毎秒 %1 候補</translation>
    </message>
    <message>
        <source>Stop replay</source>
        <translation>再生を停止</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指標</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>ルーフライン</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>選択</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>Search reflexions…</source>
        <translation>振り返りを検索…</translation>
    </message>
    <message>
        <source>Reflexions</source>
        <translation>振り返り</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリー</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>コンソール</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>replay %1/%2</source>
        <translation>再生 %1/%2</translation>
    </message>
    <message>
        <source>Replay finished.</source>
        <translation>再生が終了しました。</translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation>%1 — Kernel Workbench</translation>
    </message>
    <message>
        <source>%1: %2 candidates recorded in %3.
Press Run (F5) to start or resume the loop.</source>
        <translation>%1: %3 に %2 件の候補が記録されています。
「実行」(F5) でループを開始または再開します。</translation>
    </message>
    <message>
        <source>starting kernel %1 — press Run (F5)</source>
        <translation>開始カーネル %1 — 「実行」(F5) を押してください</translation>
    </message>
    <message>
        <source>Cannot open the session %1:
%2</source>
        <translation>セッション %1 を開けません:
%2</translation>
    </message>
    <message>
        <source>Cannot start a session for %1:
%2</source>
        <translation>%1 のセッションを開始できません:
%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt; (round %2, %3): %4</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt; (ラウンド %2、%3): %4</translation>
    </message>
    <message>
        <source> — incumbent is &lt;i&gt;%1&lt;/i&gt;</source>
        <translation> — 現行は &lt;i&gt;%1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>#%1 evaluating: %2</source>
        <translation>#%1 を評価中: %2</translation>
    </message>
    <message>
        <source>#%1 reverted to #%2: %3</source>
        <translation>#%1 から #%2 に巻き戻しました: %3</translation>
    </message>
    <message>
        <source>Finished (%1): %2</source>
        <translation>終了 (%1): %2</translation>
    </message>
    <message>
        <source>loop finished (%1): %2</source>
        <translation>ループ終了 (%1): %2</translation>
    </message>
    <message>
        <source>A session replays only while its loop is not running.</source>
        <translation>ループの実行中はセッションを再生できません。</translation>
    </message>
    <message>
        <source>Replaying %1 at %2 candidates a second; nothing runs on any host.</source>
        <translation>%1 を毎秒 %2 候補で再生中。どのホストでも何も実行しません。</translation>
    </message>
    <message>
        <source>#%1 is no longer waiting for approval.</source>
        <translation>#%1 はもう承認待ちではありません。</translation>
    </message>
    <message>
        <source>Cannot revert to #%1: %2</source>
        <translation>#%1 に巻き戻せません: %2</translation>
    </message>
    <message>
        <source>the incumbent is now #%1; the next candidates branch from it</source>
        <translation>現行は #%1 になりました。次の候補はここから分岐します</translation>
    </message>
    <message>
        <source>#%1 (incumbent)</source>
        <translation>#%1 (現行)</translation>
    </message>
    <message>
        <source>(nothing yet)</source>
        <translation>(まだありません)</translation>
    </message>
    <message>
        <source>#%1 — waiting for approval: %2</source>
        <translation>#%1 — 承認待ち: %2</translation>
    </message>
    <message>
        <source>#%1 waits for you: Approve, Edit, Reject or Regenerate.</source>
        <translation>#%1 があなたを待っています: 承認・編集・却下・再生成。</translation>
    </message>
    <message>
        <source>#%1 (parent)</source>
        <translation>#%1 (親)</translation>
    </message>
    <message>
        <source>(no parent)</source>
        <translation>(親なし)</translation>
    </message>
    <message>
        <source>#%1 — %2: %3</source>
        <translation>#%1 — %2: %3</translation>
    </message>
    <message>
        <source>── log of #%1 (%2) ──</source>
        <translation>── #%1 のログ (%2) ──</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>セッションなし</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation> (一時停止中)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>host: %1 · elapsed %2:%3 · %4 evaluations · best %5</source>
        <translation>ホスト: %1 · 経過 %2:%3 · 評価 %4 回 · 最良 %5</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>設定(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Language…</source>
        <translation>言語(&amp;L)…</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>システムの既定 (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Language of the window:</source>
        <translation>ウィンドウの言語:</translation>
    </message>
    <message>
        <source>The new language applies the next time Kernel Workbench starts.</source>
        <translation>新しい言語は次回 Kernel Workbench を起動したときに適用されます。</translation>
    </message>
    <message>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <source>LLM &amp;provider…</source>
        <translation>LLM プロバイダー(&amp;P)…</translation>
    </message>
    <message>
        <source>The LLM provider applies from the next run.</source>
        <translation>LLM プロバイダーは次の実行から使われます。</translation>
    </message>
    <message>
        <source>Finish and record the running candidate, then stop; again: abandon it</source>
        <translation>実行中の候補を完了して記録してから停止。もう一度押すと破棄</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>レイアウトをリセット(&amp;R)</translation>
    </message>
    <message>
        <source>%1: the loop runs in %2.</source>
        <translation>%1: ループは %2 で実行中です。</translation>
    </message>
    <message>
        <source>starting kernel %1</source>
        <translation>開始カーネル %1</translation>
    </message>
    <message>
        <source>#%1 — evaluating: %2</source>
        <translation>#%1 — 評価中: %2</translation>
    </message>
    <message>
        <source>finished (%1)</source>
        <translation>終了 (%1)</translation>
    </message>
    <message>
        <source>connecting to the hosts</source>
        <translation>ホストに接続中</translation>
    </message>
    <message>
        <source>idle: press Run (F5)</source>
        <translation>待機中: 「実行」(F5) を押してください</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>stopping: finishing %1 (Stop again abandons it)</source>
        <translation>停止中: %1 を完了しています (もう一度「停止」で破棄)</translation>
    </message>
    <message>
        <source>#%1 waits for approval</source>
        <translation>#%1 が承認待ちです</translation>
    </message>
    <message>
        <source>evaluating %1</source>
        <translation>%1 を評価中</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>フェーズ: %1</translation>
    </message>
    <message>
        <source>Continue the run</source>
        <translation>実行を続ける</translation>
    </message>
    <message>
        <source>Goal (%1 %2):</source>
        <translation>目標 (%1 %2):</translation>
    </message>
    <message>
        <source>At most this many more candidates:</source>
        <translation>追加する候補の上限:</translation>
    </message>
    <message>
        <source>Only a finished run can be continued.</source>
        <translation>続けられるのは終了した実行だけです。</translation>
    </message>
    <message>
        <source>Continue…</source>
        <translation>続ける…</translation>
    </message>
    <message>
        <source>Export re&amp;port…</source>
        <translation>レポートを書き出す(&amp;P)…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>レポートを書き出す</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>Web ページ (*.html)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>レポートを %1 に書き出しました</translation>
    </message>
    <message numerus="yes">
        <source>── the console of the last %n candidate(s), from the session&apos;s logs ──</source>
        <translation>
            <numerusform>── 直近 %n 件の候補のコンソール（セッションのログから） ──</numerusform>
        </translation>
    </message>
    <message>
        <source>compiling</source>
        <translation>コンパイル中</translation>
    </message>
    <message>
        <source>checking</source>
        <translation>検証中</translation>
    </message>
    <message>
        <source>timing</source>
        <translation>計測中</translation>
    </message>
    <message>
        <source>profiling</source>
        <translation>プロファイル中</translation>
    </message>
    <message>
        <source>%1/%2 evaluations</source>
        <translation>評価 %1/%2</translation>
    </message>
    <message>
        <source> · ETA %1</source>
        <translation> · 残り約 %1</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>開始中</translation>
    </message>
    <message>
        <source>#%1 %2 · %3 of ~%4</source>
        <translation>#%1 %2 · %3 / 約 %4</translation>
    </message>
    <message>
        <source>#%1 %2 · %3</source>
        <translation>#%1 %2 · %3</translation>
    </message>
    <message>
        <source>Presentation mode: F11 leaves it.</source>
        <translation>プレゼンテーションモード: F11 で終了します。</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>プレゼンテーションモード(&amp;P)</translation>
    </message>
    <message>
        <source>Larger text and markers, the timeline and the chart first (F11)</source>
        <translation>文字とマーカーを大きくし、タイムラインとグラフを前面に (F11)</translation>
    </message>
    <message>
        <source>Abandon #%1</source>
        <translation>#%1 を破棄</translation>
    </message>
    <message>
        <source>Edit on the right, then Approve: it is checked and timed.</source>
        <translation>右側を編集してから承認してください。検証と計測が行われます。</translation>
    </message>
    <message>
        <source>the window was %1×%2 on a %3×%4 screen</source>
        <translation>%3×%4 の画面でウィンドウが %1×%2 でした</translation>
    </message>
    <message>
        <source>The saved layout did not fit (%1): the default layout is back.</source>
        <translation>保存されたレイアウトが合いませんでした（%1）。既定のレイアウトに戻しました。</translation>
    </message>
    <message>
        <source>the diff is %1×%2 px</source>
        <translation>差分表示が %1×%2 px です</translation>
    </message>
    <message>
        <source>%1 is %2×%3 px</source>
        <translation>%1 が %2×%3 px です</translation>
    </message>
    <message>
        <source>&amp;Hosts</source>
        <translation>ホスト(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Check hosts</source>
        <translation>ホストを確認(&amp;C)</translation>
    </message>
    <message>
        <source>Whether each host of the session is reachable and has what the target needs</source>
        <translation>セッションの各ホストに到達でき、ターゲットに必要なものがそろっているか</translation>
    </message>
    <message>
        <source>Kernel Tuner cache file</source>
        <translation>Kernel Tuner キャッシュファイル</translation>
    </message>
    <message>
        <source>Kernel Tuner cache files (*.json *.json.gz);;All files (*)</source>
        <translation>Kernel Tuner キャッシュファイル (*.json *.json.gz);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Add the measurements of a Kernel Tuner cache file to the session: the search learns from them and never measures those configurations again</source>
        <translation>Kernel Tuner キャッシュファイルの測定値をセッションに加える: 探索はそこから学び、それらの構成を二度と測らない</translation>
    </message>
    <message>
        <source>Could not import %1: %2</source>
        <translation>%1 を取り込めませんでした: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n configurations imported</source>
        <translation>
            <numerusform>%n 個の構成を取り込みました</numerusform>
        </translation>
    </message>
    <message>
        <source>Import &amp;Kernel Tuner file…</source>
        <translation>Kernel Tuner ファイルを取り込む(&amp;K)…</translation>
    </message>
</context>
<context>
    <name>kwb::MetricChart</name>
    <message>
        <source>goal</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>chart legend: keep it short</comment>
        <translation>失敗</translation>
    </message>
    <message>
        <source>best</source>
        <comment>chart legend: the best so far</comment>
        <translation>最良</translation>
    </message>
    <message>
        <source>baseline</source>
        <comment>chart legend: the best baseline</comment>
        <translation>ベースライン</translation>
    </message>
</context>
<context>
    <name>kwb::OptimizationLoop</name>
    <message>
        <source>stopped by the engineer</source>
        <translation>エンジニアが停止</translation>
    </message>
    <message>
        <source>#%1 meets %2</source>
        <translation>#%1 が %2 を達成</translation>
    </message>
    <message numerus="yes">
        <source>%n rounds done</source>
        <translation>
            <numerusform>%n ラウンド完了</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evaluations</source>
        <translation>
            <numerusform>%n 回の評価</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 s elapsed</source>
        <translation>%1 秒経過</translation>
    </message>
    <message numerus="yes">
        <source>no improvement in %n rounds</source>
        <translation>
            <numerusform>%n ラウンド改善なし</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot read the starting kernel %1</source>
        <translation>開始カーネル %1 を読み込めません</translation>
    </message>
    <message>
        <source>%1 has nothing left to propose</source>
        <translation>%1 にはもう提案するものがありません</translation>
    </message>
    <message>
        <source>US$ %1 spent on LLM calls (budget US$ %2)</source>
        <translation>LLM 呼び出しに US$ %1 を使用（予算 US$ %2）</translation>
    </message>
    <message>
        <source>cannot record #%1: %2</source>
        <translation>#%1 を記録できません: %2</translation>
    </message>
    <message>
        <source>cannot save the loop state: %1</source>
        <translation>ループの状態を保存できません: %1</translation>
    </message>
    <message numerus="yes">
        <source>no host could evaluate the last %n candidates (each retried); the last said: %1</source>
        <translation>
            <numerusform>直近 %n 個の候補をどのホストも評価できませんでした（それぞれ再試行済み）。最後のメッセージ: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>kwb: #%1 is no longer trusted and will not be built on: %2</source>
        <translation>kwb: #%1 はもはや信頼できないため、これを基にしません: %2</translation>
    </message>
    <message>
        <source>it was %1, not kept</source>
        <translation>%1 であり、採用されていません</translation>
    </message>
    <message>
        <source>never decided</source>
        <translation>未判定</translation>
    </message>
    <message>
        <source>its record holds no time</source>
        <translation>その記録に時間がありません</translation>
    </message>
    <message>
        <source>its kernel %1 is missing from %2/kernels</source>
        <translation>そのカーネル %1 が %2/kernels にありません</translation>
    </message>
    <message>
        <source>kwb: session.json names #%1 as %2, but %3; the best kept kernel is used instead</source>
        <translation>kwb: session.json は #%1 を%2としていますが、%3。代わりに採用済みで最良のカーネルを使います</translation>
    </message>
    <message>
        <source>the incumbent</source>
        <translation>現行</translation>
    </message>
    <message>
        <source>the best</source>
        <translation>最良</translation>
    </message>
    <message>
        <source>its record is marked %1</source>
        <translation>記録に %1 の印があります</translation>
    </message>
</context>
<context>
    <name>kwb::RooflineChart</name>
    <message>
        <source>Roofline</source>
        <translation>ルーフライン</translation>
    </message>
    <message>
        <source>ceilings (calibrated)</source>
        <translation>上限 (較正済み)</translation>
    </message>
    <message>
        <source>kept, in order</source>
        <translation>採用 (順番)</translation>
    </message>
    <message>
        <source>FLOP/byte</source>
        <translation>FLOP/バイト</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>candidates</source>
        <translation>候補</translation>
    </message>
</context>
<context>
    <name>kwb::SelectionBars</name>
    <message>
        <source>Selected candidate: change in % (right = better)</source>
        <translation>選択した候補: 変化率 % (右 = 改善)</translation>
    </message>
    <message>
        <source>vs parent #%1</source>
        <translation>親 #%1 比</translation>
    </message>
    <message>
        <source>vs parent</source>
        <translation>親比</translation>
    </message>
    <message>
        <source>vs incumbent #%1</source>
        <translation>現行 #%1 比</translation>
    </message>
    <message>
        <source>vs incumbent</source>
        <translation>現行比</translation>
    </message>
    <message>
        <source>% change (right: better)</source>
        <translation>変化率 % (右: 良い)</translation>
    </message>
</context>
<context>
    <name>kwb::StopReason</name>
    <message>
        <source>goal reached</source>
        <translation>目標達成</translation>
    </message>
    <message>
        <source>round limit</source>
        <translation>ラウンド上限</translation>
    </message>
    <message>
        <source>plateau</source>
        <translation>頭打ち</translation>
    </message>
    <message>
        <source>evaluation budget</source>
        <translation>評価予算</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>時間制限</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>nothing left to try</source>
        <translation>試すものがもうない</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>cost budget</source>
        <translation>費用予算</translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>failed: C compile · W wrong · X crash · T timeout · F false win</source>
        <translation>失敗: C コンパイル · W 誤り · X クラッシュ · T タイムアウト · F 偽の改善</translation>
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
        <translation>採用</translation>
    </message>
    <message>
        <source>discarded</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>却下</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>human-edited</source>
        <translation>手動編集</translation>
    </message>
    <message>
        <source>host lost</source>
        <translation>ホスト切断</translation>
    </message>
    <message>
        <source>other</source>
        <translation>その他</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>劣化</translation>
    </message>
</context>
<context>
    <name>kwb::Workbench</name>
    <message>
        <source>Host %1: %2</source>
        <translation>ホスト %1: %2</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 に接続中…</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 ms (key %3).</source>
        <translation>%1 に %2 ms で接続しました (鍵 %3)。</translation>
    </message>
    <message>
        <source>Host %1 is left out: %2</source>
        <translation>ホスト %1 を除外します: %2</translation>
    </message>
    <message>
        <source>No host of this workload can be reached; nothing was started.</source>
        <translation>このワークロードのホストにひとつも到達できません。何も開始していません。</translation>
    </message>
    <message>
        <source>Calibration failed (%1); running without % of peak and bottleneck classes.</source>
        <translation>較正に失敗しました (%1)。ピーク比 % とボトルネック分類なしで続行します。</translation>
    </message>
    <message>
        <source>Measuring the peaks of %1 (once; cached)…</source>
        <translation>%1 のピーク性能を計測中 (初回のみ、キャッシュされます)…</translation>
    </message>
    <message>
        <source>evaluations lost three times in a row; its work moves elsewhere</source>
        <translation>評価が 3 回連続で失われたため、処理を他へ移します</translation>
    </message>
    <message>
        <source>llm: %1 call sent (its prompt and reply are in the LLM view)</source>
        <translation>llm: %1 を呼び出しました（プロンプトと応答は LLM ビューにあります）</translation>
    </message>
    <message>
        <source>llm: %1: %2 tokens in, %3 out, US$ %4</source>
        <translation>llm: %1: 入力 %2 トークン、出力 %3、US$ %4</translation>
    </message>
    <message>
        <source>llm: %1 failed: %2</source>
        <translation>llm: %1 が失敗しました: %2</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告: %1</translation>
    </message>
    <message>
        <source>warning: cannot record the run&apos;s hosts: %1</source>
        <translation>警告: 実行のホストを記録できません: %1</translation>
    </message>
    <message>
        <source>Asking Slurm on %1 about the partition…</source>
        <translation>%1 の Slurm にパーティションを問い合わせています…</translation>
    </message>
    <message>
        <source>Slurm on %1 is ready: jobs go to %2.</source>
        <translation>%1 の Slurm は準備完了: ジョブは %2 へ送られます。</translation>
    </message>
    <message>
        <source>a Kernel Tuner file is imported while no run is under way (stop the run, or let it finish, first)</source>
        <translation>Kernel Tuner ファイルは実行中でないときに取り込む (先に実行を止めるか、終わるのを待つ)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Profile-guided kernel optimization with a human in the loop.</source>
        <translation>人が関与するプロファイル主導のカーネル最適化。</translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation>バージョンを表示して終了します。</translation>
    </message>
    <message>
        <source>A session folder to open.</source>
        <translation>開くセッションフォルダー。</translation>
    </message>
    <message>
        <source>Start a new session for this workload.</source>
        <translation>このワークロードで新しいセッションを開始します。</translation>
    </message>
    <message>
        <source>Folder of the new session (default: a new one in the user&apos;s data folder).</source>
        <translation>新しいセッションのフォルダー (既定: ユーザーのデータフォルダー内に新規作成)。</translation>
    </message>
    <message>
        <source>Start the loop at once, in this mode: autopilot, approve or step.</source>
        <translation>このモードですぐにループを開始: autopilot、approve、step。</translation>
    </message>
    <message>
        <source>Use a dark palette (Fusion style).</source>
        <translation>ダークパレットを使います (Fusion スタイル)。</translation>
    </message>
    <message>
        <source>Open the Compare view on candidates A and B.</source>
        <translation>候補 A と B の比較ビューを開きます。</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE and quit (for docs).</source>
        <translation>ウィンドウの画像を FILE に保存して終了します (ドキュメント用)。</translation>
    </message>
    <message>
        <source>…once this many candidates are recorded (default 0).</source>
        <translation>…この数の候補が記録された時点で (既定 0)。</translation>
    </message>
    <message>
        <source>Use this language (en, de, ja) instead of the one chosen in Settings.</source>
        <translation>設定で選んだ言語の代わりにこの言語 (en、de、ja) を使います。</translation>
    </message>
    <message>
        <source>Bring this dock to the front (e.g. llmDock, hostsDock), for screenshots.</source>
        <translation>このドックを前面に出す（例: llmDock、hostsDock。スクリーンショット用）。</translation>
    </message>
    <message>
        <source>Start in presentation mode (F11 toggles it).</source>
        <translation>プレゼンテーションモードで起動します (F11 で切り替え)。</translation>
    </message>
</context>
<context>
    <name>ssh</name>
    <message>
        <source>cannot connect to %1</source>
        <translation>%1 に接続できません</translation>
    </message>
    <message>
        <source>the host key of %1 has CHANGED (now %2): refusing to connect. If the host was reinstalled, remove its line from %3; otherwise someone may be intercepting the connection.</source>
        <translation>%1 のホスト鍵が変わりました（現在 %2）。接続を拒否します。ホストを再インストールしたのなら %3 からその行を削除してください。そうでなければ誰かが接続を傍受しているおそれがあります。</translation>
    </message>
    <message>
        <source>unknown host key for %1 (%2); accept it to connect (kwb: --accept-new-host-key)</source>
        <translation>%1 のホスト鍵が不明です（%2）。接続するには受け入れてください（kwb: --accept-new-host-key）</translation>
    </message>
    <message>
        <source>cannot add %1 to %2: %3</source>
        <translation>%1 を %2 に追加できません: %3</translation>
    </message>
    <message>
        <source>cannot check the host key of %1: %2</source>
        <translation>%1 のホスト鍵を確認できません: %2</translation>
    </message>
    <message>
        <source>the passphrase for %1 is not right</source>
        <translation>%1 のパスフレーズが正しくありません</translation>
    </message>
    <message>
        <source>keyboard-interactive authentication to %1 was cancelled</source>
        <translation>%1 へのキーボード対話認証は取り消されました</translation>
    </message>
    <message>
        <source>keyboard-interactive authentication to %1 was refused (wrong answers?)</source>
        <translation>%1 へのキーボード対話認証が拒否されました（答えが違う？）</translation>
    </message>
    <message>
        <source>cannot authenticate to %1 (tried the agent, key files and keyboard-interactive where offered): %2</source>
        <translation>%1 に認証できません（エージェント、鍵ファイル、提供されていればキーボード対話認証を試しました）: %2</translation>
    </message>
    <message>
        <source>cancelled before it ran</source>
        <translation>実行前に取り消されました</translation>
    </message>
    <message>
        <source>cannot start a shell on %1</source>
        <translation>%1 でシェルを起動できません</translation>
    </message>
    <message>
        <source>cannot send a command to %1</source>
        <translation>%1 にコマンドを送れません</translation>
    </message>
    <message>
        <source>connection to %1 lost while running a command</source>
        <translation>コマンドの実行中に %1 への接続が切れました</translation>
    </message>
    <message>
        <source>the shell on %1 ended while running a command</source>
        <translation>コマンドの実行中に %1 のシェルが終了しました</translation>
    </message>
    <message>
        <source>the command ran past its limit of %1 s on %2</source>
        <translation>%2 でコマンドが制限時間 %1 秒を超えました</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消されました</translation>
    </message>
    <message>
        <source>cannot start SFTP on %1</source>
        <translation>%1 で SFTP を開始できません</translation>
    </message>
    <message>
        <source>connection lost while uploading %1</source>
        <translation>%1 のアップロード中に接続が切れました</translation>
    </message>
    <message>
        <source>cannot write %1 on %2: %3</source>
        <translation>%2 の %1 に書き込めません: %3</translation>
    </message>
    <message>
        <source>cannot read %1 on %2</source>
        <translation>%2 の %1 を読めません</translation>
    </message>
    <message>
        <source>connection lost while downloading %1</source>
        <translation>%1 のダウンロード中に接続が切れました</translation>
    </message>
    <message>
        <source>cannot create %1 on %2</source>
        <translation>%2 に %1 を作成できません</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 s</source>
        <translation>%2 秒以内に %1 から応答がありません</translation>
    </message>
</context>
</TS>
