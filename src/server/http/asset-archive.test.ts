import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';
import { archiveAssets } from './asset-archive.js';

const temporary = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * A stand-in for one version's build (dist/): its entry script and style sheet under hashed names
 * (with their compressed copies), a chunk it shares with other versions, and a shell naming them.
 */
function versionBuild(version: string): { webDir: string; shellFile: string; files: string[] } {
  const dir = temporary(`build-${version}-`);
  const assets = path.join(dir, 'web/assets');
  fs.mkdirSync(assets, { recursive: true });
  const files: string[] = [];
  const put = (name: string, text: string) => {
    fs.writeFileSync(path.join(assets, name), text);
    fs.writeFileSync(path.join(assets, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(assets, `${name}.gz`), zlib.gzipSync(text));
    files.push(name, `${name}.br`, `${name}.gz`);
  };
  put(`index-${version}.js`, `console.log("version ${version}");`.repeat(40));
  put(`index-${version}.css`, `body{--version:"${version}"}`.repeat(40));
  put('react-shared.js', 'console.log("the same in every version");'.repeat(40));
  fs.mkdirSync(path.join(dir, 'shell'));
  fs.writeFileSync(
    path.join(dir, 'shell/index.html'),
    `<!doctype html><title>{{SITE_NAME}}</title><script type="module" src="/assets/index-${version}.js"></script><div id="root"></div>`,
  );
  return { webDir: path.join(dir, 'web'), shellFile: path.join(dir, 'shell/index.html'), files };
}

describe('rolling update: two instances of two versions behind a proxy without stickiness', () => {
  // Both instances share the archive (DATA_DIR/assets of a shared DATA_DIR); the new version starts second.
  const archive = path.join(temporary('data-'), 'assets');
  const a = versionBuild('aaaa1111');
  const b = versionBuild('bbbb2222');
  const web = (build: typeof a) => ({
    webDir: build.webDir,
    shellFile: build.shellFile,
    assetArchive: archive,
  });
  const oldInstance = appUnderTest('pglite', { config: testConfig(), web: web(a), role: null });
  const newInstance = appUnderTest('pglite', { config: testConfig(), web: web(b), role: null });

  it('each instance serves its own page, naming its own version’s script', async () => {
    expect((await oldInstance.app.inject('/')).body).toContain('/assets/index-aaaa1111.js');
    expect((await newInstance.app.inject('/')).body).toContain('/assets/index-bbbb2222.js');
  });

  it('the old instance serves the new version’s assets, compressed and cached forever', async () => {
    for (const file of ['index-bbbb2222.js', 'index-bbbb2222.css']) {
      const res = await oldInstance.app.inject({
        url: `/assets/${file}`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(
        fs.readFileSync(path.join(b.webDir, 'assets', file), 'utf8'),
      );
    }
  });

  it('the new instance serves the old version’s assets', async () => {
    for (const file of ['index-aaaa1111.js', 'index-aaaa1111.css']) {
      const res = await newInstance.app.inject({
        url: `/assets/${file}`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(
        fs.readFileSync(path.join(a.webDir, 'assets', file), 'utf8'),
      );
    }
  });

  it('an asset of no version, and the archive’s own files, are not found', async () => {
    for (const app of [oldInstance.app, newInstance.app]) {
      expect((await app.inject('/assets/index-cccc3333.js')).statusCode).toBe(404);
      expect((await app.inject('/assets/.lock')).statusCode).toBe(404);
      const manifests = fs.readdirSync(path.join(archive, 'builds'));
      expect(manifests).toHaveLength(2);
      expect((await app.inject(`/assets/builds/${manifests[0]}`)).statusCode).toBe(404);
      expect((await app.inject(`/assets/../builds/${manifests[0]}`)).statusCode).toBe(404);
      expect((await app.inject('/assets/../../etc/passwd')).statusCode).toBe(404);
    }
  });

  it('holds both versions’ files once each', () => {
    const held = fs.readdirSync(path.join(archive, 'files'));
    expect(held.sort()).toEqual([...new Set([...a.files, ...b.files])].sort());
  });
});

describe('an archive that cannot be written', () => {
  const readOnly = temporary('read-only-');
  fs.writeFileSync(path.join(readOnly, 'assets'), 'a file where the directory should be');
  const build = versionBuild('dddd4444');
  const ctx = appUnderTest('pglite', {
    config: testConfig(),
    web: { ...build, assetArchive: path.join(readOnly, 'assets') },
    role: null,
  });

  it('leaves the server serving its own assets', async () => {
    expect((await ctx.app.inject('/assets/index-dddd4444.js')).statusCode).toBe(200);
    expect((await ctx.app.inject('/assets/index-eeee5555.js')).statusCode).toBe(404);
  });
});

describe('archiveAssets', () => {
  const day = 24 * 60 * 60 * 1000;

  it('keeps the files of the last builds started, or of those started recently, and deletes the rest', async () => {
    const archive = temporary('archive-');
    const start = Date.parse('2026-01-01T00:00:00Z');
    const builds = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'].map(versionBuild);
    const results = [];
    for (const [index, build] of builds.entries()) {
      // One build a week: with 3 kept and 22 days, the 4th from last is kept by its age only.
      results.push(
        await archiveAssets(path.join(build.webDir, 'assets'), archive, {
          keepBuilds: 3,
          keepDays: 22,
          now: new Date(start + index * 7 * day),
        }),
      );
    }
    const held = new Set(fs.readdirSync(path.join(archive, 'files')));
    // g7, f6, e5 are the last three; d4 started 21 days before g7; c3 (28 days) and older are gone.
    for (const version of ['d4', 'e5', 'f6', 'g7'])
      expect(held.has(`index-${version}.js.br`)).toBe(true);
    for (const version of ['a1', 'b2', 'c3']) {
      expect(held.has(`index-${version}.js`)).toBe(false);
      expect(held.has(`index-${version}.css.gz`)).toBe(false);
    }
    // The chunk every version shares stays; each forgotten build's 6 own files went with it.
    expect(held.has('react-shared.js')).toBe(true);
    expect(fs.readdirSync(path.join(archive, 'builds'))).toHaveLength(4);
    expect(results.map((result) => result.deleted)).toEqual([0, 0, 0, 0, 6, 6, 6]);
    expect(results.map((result) => result.copied)).toEqual([9, 6, 6, 6, 6, 6, 6]);
  });

  it('a build started again counts as recent: the version rolled back to keeps its files', async () => {
    const archive = temporary('archive-');
    const now = Date.parse('2026-03-01T00:00:00Z');
    const old = versionBuild('old1');
    const assetsOf = (build: typeof old) => path.join(build.webDir, 'assets');
    await archiveAssets(assetsOf(old), archive, { keepBuilds: 1, keepDays: 0, now: new Date(now) });
    await archiveAssets(assetsOf(versionBuild('new2')), archive, {
      keepBuilds: 1,
      keepDays: 0,
      now: new Date(now + day),
    });
    expect(fs.existsSync(path.join(archive, 'files/index-old1.js'))).toBe(false);
    const again = await archiveAssets(assetsOf(old), archive, {
      keepBuilds: 1,
      keepDays: 0,
      now: new Date(now + 2 * day),
    });
    expect(again.copied).toBe(6);
    expect(fs.existsSync(path.join(archive, 'files/index-old1.js'))).toBe(true);
    expect(fs.existsSync(path.join(archive, 'files/index-new2.js'))).toBe(false);
  });

  it('two instances starting at once both archive their builds whole', async () => {
    const archive = temporary('archive-');
    const one = versionBuild('one1');
    const two = versionBuild('two2');
    await Promise.all([
      archiveAssets(path.join(one.webDir, 'assets'), archive),
      archiveAssets(path.join(two.webDir, 'assets'), archive),
    ]);
    const held = fs.readdirSync(path.join(archive, 'files'));
    expect(held.sort()).toEqual([...new Set([...one.files, ...two.files])].sort());
    for (const file of held)
      expect(fs.readFileSync(path.join(archive, 'files', file))).toEqual(
        fs.readFileSync(path.join((one.files.includes(file) ? one : two).webDir, 'assets', file)),
      );
    expect(fs.existsSync(path.join(archive, '.lock'))).toBe(false);
  });

  it('takes over a lock left by an instance that died', async () => {
    const archive = temporary('archive-');
    fs.writeFileSync(path.join(archive, '.lock'), '12345');
    const old = new Date(Date.now() - 5 * 60 * 1000);
    fs.utimesSync(path.join(archive, '.lock'), old, old);
    const result = await archiveAssets(path.join(versionBuild('late').webDir, 'assets'), archive);
    expect(result.copied).toBe(9);
    expect(fs.existsSync(path.join(archive, '.lock'))).toBe(false);
  });
});
