/**
 * Starts a real tablerules server for the tests (loopback, a free port, in-memory
 * storage) and stops it afterwards. Set TABLERULES_ADDRESS (and
 * TABLERULES_OPERATOR_TOKEN) to test a server that is already running instead, e.g.
 * another implementation of the same proto/ contract.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";

export interface RunningServer {
  address: string;
  operatorToken: string;
  repoRoot: string;
  /** The `tablerules` command line (for `tablerules verify FILE`). */
  cli: string;
  stop(): Promise<void>;
}

/** The repository root: the nearest parent with proto/tablerules/v1 (or TABLERULES_REPO). */
export function repoRoot(): string {
  if (process.env.TABLERULES_REPO) return path.resolve(process.env.TABLERULES_REPO);
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    if (existsSync(path.join(dir, "proto", "tablerules", "v1"))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error("cannot find the repository root (set TABLERULES_REPO)");
}

function venvBin(root: string, name: string): string {
  return path.join(root, ".venv", "bin", name);
}

const READY = /tablerules serving on (\S+):(\d+)/;

export async function startServer(timeoutMs = 60_000): Promise<RunningServer> {
  const root = repoRoot();
  const cli = process.env.TABLERULES_CLI ?? venvBin(root, "tablerules");
  if (process.env.TABLERULES_ADDRESS) {
    return {
      address: process.env.TABLERULES_ADDRESS,
      operatorToken: process.env.TABLERULES_OPERATOR_TOKEN ?? "",
      repoRoot: root,
      cli,
      stop: async () => undefined,
    };
  }
  const python = process.env.TABLERULES_PYTHON ?? venvBin(root, "python");
  if (!existsSync(python)) throw new Error(`no ${python}: run \`make proto\` in ${root} first`);
  const operatorToken = randomBytes(24).toString("hex");
  const child = spawn(python, ["-m", "tools.cli", "serve", "--host", "127.0.0.1", "--port", "0",
    "--storage", "memory:"], {
    cwd: root,
    env: { ...process.env, TABLERULES_OPERATOR_TOKEN: operatorToken, PYTHONUNBUFFERED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill("SIGTERM");
      reject(error);
    }
    child.stdout!.setEncoding("utf8");
    child.stderr!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      output += chunk;
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`${match[1]}:${match[2]}`);
      }
    });
    child.stderr!.on("data", (chunk: string) => {
      output = (output + chunk).slice(-20_000);
    });
    child.on("exit", (code, signal) => fail(new Error(`the server exited (${code ?? signal}):\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { address, operatorToken, repoRoot: root, cli, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
