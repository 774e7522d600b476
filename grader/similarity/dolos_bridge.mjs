// The code half of `plyjudge similarity`: reads one language's sources on standard input (JSON, prepared and
// capped by grader/similarity/code_similarity.cpp), asks Dolos (@dodona/dolos-lib) for the similar pairs and prints
// them as JSON. It reads no file itself: plyjudge already read the submissions (no links, bounded sizes).
// Pairs are pruned with Dolos's own fingerprint index: only pairs that share enough fingerprints, or that plyjudge
// asks for (they share wrong outputs), are compared in full.
//
// usage:  node dolos_bridge.mjs PREFIX [REQUEST ANSWER]   (PREFIX: the npm --prefix folder holding
//         node_modules/@dodona/dolos-lib; the request read from REQUEST, else stdin; the answer written to ANSWER,
//         else stdout; plyjudge gives both files, in the folder of the sandboxed run it makes of the bridge)
// request: {"language": "python"|"cpp"|"java", "files": ["text", ...], "wanted": [[i, j], ...],
//          "min_shared": 3, "max_pairs": 3000, "fragments": 5, "fragment_pairs": 200}
// answer: first "excluded I" for each file Dolos could not tokenize (compared with nothing), then one line per pair,
//         "pair I J SIMILARITY LONGEST", then one line per fragment of it, "fragment R0 R1 R0' R1'" (0-based, inclusive
//         rows in the texts as given; I and J index the files as given): numbers only.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The package is imported from PREFIX, wherever this script is installed.
async function importFrom(prefix, name) {
    const resolve = createRequire(join(prefix, "package.json")).resolve;
    return import(pathToFileURL(resolve(name)).href);
}

async function readRequest(path) {
    if (path) return JSON.parse(readFileSync(path, "utf8"));
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

// Pairs of files that share at least `minShared` fingerprints, counted from the index; a fingerprint in more than
// `cap` files (a course skeleton, boilerplate) says nothing about a pair and would make the count quadratic.
function candidatePairs(report, fileIndex, minShared, cap) {
    const counts = new Map();
    for (const fingerprint of report.sharedFingerprints()) {
        if (fingerprint.ignored) continue;
        const files = fingerprint.files();
        if (files.length < 2 || files.length > cap) continue;
        const ids = files.map(f => fileIndex.get(f.id)).sort((x, y) => x - y);
        for (let i = 0; i < ids.length; i++)
            for (let j = i + 1; j < ids.length; j++) {
                const key = ids[i] * 1000003 + ids[j];
                counts.set(key, (counts.get(key) || 0) + 1);
            }
    }
    return [...counts.entries()].filter(([, n]) => n >= minShared).sort((x, y) => y[1] - x[1]);
}

function fragmentsOf(pair, fragmentCount) {
    return pair.buildFragments()
        .sort((x, y) => (y.leftkgrams.to - y.leftkgrams.from) - (x.leftkgrams.to - x.leftkgrams.from))
        .slice(0, fragmentCount)
        .map(f => [f.leftSelection.startRow, f.leftSelection.endRow, f.rightSelection.startRow, f.rightSelection.endRow]);
}

async function main() {
    const prefix = process.argv[2];
    if (!prefix) throw new Error("usage: node dolos_bridge.mjs PREFIX");
    const { Dolos } = await importFrom(prefix, "@dodona/dolos-lib");
    const { File } = await importFrom(prefix, "@dodona/dolos-core");
    const request = await readRequest(process.argv[3]);
    const texts = request.files;
    if (texts.length < 2) {
        if (process.argv[4]) writeFileSync(process.argv[4], "");
        return;
    }
    const all = texts.map((text, i) => new File(`s${i}`, text));
    const dolos = new Dolos({ language: request.language });
    // One file Dolos cannot tokenize (a source nested 60,000 deep overflows its recursion) costs its own student the
    // comparison, not the class: each file is tried alone first, with the tokenizer analyze() uses.
    const language = await dolos.languagePicker.findLanguage(request.language);
    const tokenizer = await language.createTokenizer({ includeComments: dolos.options.includeComments });
    const kept = [], lines = [];
    all.forEach((file, i) => {
        try {
            tokenizer.tokenizeFile(file);
            kept.push(i);
        } catch (error) {
            lines.push(`excluded ${i}`);
        }
    });
    if (kept.length < 2) {
        if (process.argv[4]) writeFileSync(process.argv[4], lines.join("\n") + "\n");
        else process.stdout.write(lines.join("\n") + "\n");
        return;
    }
    const files = kept.map(i => all[i]);
    const report = await dolos.analyze(files);
    const tokenized = report.files;
    const fileIndex = new Map(tokenized.map((f, i) => [f.id, i]));
    const cap = Math.max(10, Math.ceil(texts.length / 10));
    const chosen = new Set();
    const maxPairs = request.max_pairs ?? 3000;
    for (const [key] of candidatePairs(report, fileIndex, request.min_shared ?? 3, cap).slice(0, maxPairs))
        chosen.add(key);
    const keptAt = new Map(kept.map((original, j) => [original, j]));  // index as given -> index among the kept
    for (const [a, b] of request.wanted ?? [])
        if (a !== b && keptAt.has(a) && keptAt.has(b))
            chosen.add(Math.min(keptAt.get(a), keptAt.get(b)) * 1000003 + Math.max(keptAt.get(a), keptAt.get(b)));
    const pairs = [...chosen].map(key => {
        const a = Math.floor(key / 1000003), b = key % 1000003;
        const pair = report.index.getPair(tokenized[a], tokenized[b]);
        return { a, b, pair, similarity: Number.isFinite(pair.similarity) ? pair.similarity : 0 };
    }).sort((x, y) => y.similarity - x.similarity);
    // Fragments (the costly part) only for the most similar pairs: the ones a TA will open.
    pairs.forEach(({ a, b, pair, similarity }, rank) => {
        lines.push(`pair ${kept[a]} ${kept[b]} ${similarity} ${Number.isFinite(pair.longest) ? pair.longest : 0}`);
        if (rank < (request.fragment_pairs ?? 200))
            for (const f of fragmentsOf(pair, request.fragments ?? 5)) lines.push(`fragment ${f.join(" ")}`);
    });
    if (process.argv[4]) writeFileSync(process.argv[4], lines.join("\n") + "\n");
    else process.stdout.write(lines.join("\n") + "\n");
}

main().catch(error => {
    process.stderr.write(`dolos bridge: ${error && error.message ? error.message : error}\n`);
    process.exit(3);
});
