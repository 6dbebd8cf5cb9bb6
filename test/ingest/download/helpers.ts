import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
}

/** Writes a book folder `root/name/` with the given files (relative path -> content). */
export async function makeBookFolder(root: string, name: string, files: Record<string, string | Buffer>): Promise<string> {
  const folder = path.join(root, name);
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(folder, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return folder;
}

export interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link';
  content?: string;
  linkpath?: string;
}

/**
 * Builds a .tar.gz byte for byte from raw headers, so a test can put in entries that tar's own
 * writer would sanitise (absolute paths, `..`, links).
 */
export function rawTarGz(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.content ?? '');
    const type = entry.type ?? 'File';
    const header = new Header({
      path: entry.path,
      mode: type === 'Directory' ? 0o755 : 0o644,
      size: type === 'File' ? body.length : 0,
      mtime: new Date('2020-01-01T00:00:00Z'),
      type,
      ...(entry.linkpath === undefined ? {} : { linkpath: entry.linkpath }),
    });
    header.encode();
    if (!header.block) throw new Error('header did not encode');
    blocks.push(header.block);
    if (type === 'File' && body.length > 0) {
      blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

export async function listFilesRecursively(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

export interface RecordedRequest {
  path: string;
  /** performance.now() when the server saw the request. */
  at: number;
}

/** A route answers one request; `count` is how many times this path was requested before (0 first). */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse, count: number) => void;

export function serveBytes(body: Buffer, contentType = 'application/octet-stream'): Route {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  };
}

export function serveStatus(status: number, headers: Record<string, string> = {}): Route {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(`status ${status}`);
  };
}

/** A mirror server on 127.0.0.1 (random port) that records every request with its arrival time. */
export async function startMirrorServer(routes: Map<string, Route>): Promise<{
  baseUrl: string;
  requests: RecordedRequest[];
  countFor: (urlPath: string) => number;
  close: () => Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push({ path: urlPath, at: performance.now() });
    const count = counts.get(urlPath) ?? 0;
    counts.set(urlPath, count + 1);
    const route = routes.get(urlPath);
    if (route) route(req, res, count);
    else serveStatus(404)(req, res, count);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/mirror`,
    requests,
    countFor: (urlPath) => counts.get(urlPath) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const FIXED_MTIME = new Date('2020-01-01T00:00:00Z');

function headerBlock(entryPath: string, size: number, type: 'File' | 'FIFO' = 'File'): Buffer {
  const header = new Header({ path: entryPath, mode: 0o644, size, mtime: FIXED_MTIME, type });
  header.encode();
  if (!header.block) throw new Error('header did not encode');
  return header.block;
}

/**
 * A gzip bomb: a .tar.gz whose one entry is `bytes` of zeros, about 1 KB on disk per MiB it inflates
 * to. Built from repeated gzip members (valid gzip, as `cat a.gz b.gz` is), so making a 1 GiB bomb
 * takes milliseconds and nothing large is committed.
 */
export function zeroBombTarGz(entryPath: string, bytes: number): Buffer {
  const slice = 16 * 1024 * 1024;
  const member = gzipSync(Buffer.alloc(slice), { level: 9 });
  const parts = [gzipSync(headerBlock(entryPath, bytes))];
  for (let left = bytes; left > 0; left -= slice) parts.push(left >= slice ? member : gzipSync(Buffer.alloc(left), { level: 9 }));
  parts.push(gzipSync(Buffer.alloc(((512 - (bytes % 512)) % 512) + 1024)));
  return Buffer.concat(parts);
}

/** A .tar.gz of `count` tiny `.nxml` files under `folder/`, the kind of archive that unpacks to a flood of files. */
export function manyFilesTarGz(folder: string, count: number): Buffer {
  const blocks: Buffer[] = [];
  const body = Buffer.alloc(512);
  body.write('<p/>');
  for (let i = 0; i < count; i += 1) blocks.push(headerBlock(`${folder}/p${i}.nxml`, 4), body);
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** A .tar.gz holding one FIFO entry named `entryPath` beside the given regular files. */
export function fifoEntryTarGz(entryPath: string, files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const body = Buffer.from(content);
    blocks.push(headerBlock(name, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(headerBlock(entryPath, 0, 'FIFO'), Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
