import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TestCertificates {
  dir: string;
  /** PEM file of the test CA: hand it to the sender as WEBHOOK_EXTRA_CA_FILE. */
  caFile: string;
  key: string;
  cert: string;
  remove(): void;
}

/**
 * A throwaway certificate authority and a server certificate it signed for
 * localhost / 127.0.0.1 / ::1, made with the openssl CLI, so the receiver
 * speaks real TLS and the sender verifies it like any other certificate.
 */
export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), "inmo-webhook-tls-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

  openssl("req", "-x509", ...ec, "-keyout", file("ca.key"), "-out", file("ca.pem"), "-days", "2", "-subj", "/CN=inmo webhook test CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  openssl("req", ...ec, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=localhost");
  writeFileSync(
    file("server.ext"),
    "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  openssl("x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-CAcreateserial",
    "-out", file("server.pem"), "-days", "2", "-extfile", file("server.ext"));

  return {
    dir,
    caFile: file("ca.pem"),
    key: readFileSync(file("server.key"), "utf8"),
    cert: readFileSync(file("server.pem"), "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
