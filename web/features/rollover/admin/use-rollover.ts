/**
 * The Close the year wizard's state (docs/product.md#the-year-end-rollover): the status, the next year, the S2 rule,
 * the office's exceptions, the dry run, the apply with its progress (the status polled while the apply runs), and
 * the undo. Any change of the choices makes the shown dry run stale: the apply needs a fresh one.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RolloverExceptionInput } from "@worker/contracts/rollover";
import { DEFAULT_PASS_MARK_PERCENT } from "@worker/contracts/rollover";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import {
  applyRun,
  dryRun,
  getStatus,
  undoRun,
  type RolloverPreview,
  type RolloverRunJson,
  type RolloverStatus,
} from "./rollover-api";

export interface RuleChoice {
  on: boolean;
  maxFailed: number;
  passMark: number;
}

/** The wizard's state and actions. */
export function useRollover() {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [status, setStatus] = useState<RolloverStatus | null>(null);
  const [toYear, setToYear] = useState("");
  const [rule, setRule] = useState<RuleChoice>({ on: false, maxFailed: 2, passMark: DEFAULT_PASS_MARK_PERCENT });
  const [exceptions, setExceptions] = useState<Record<string, RolloverExceptionInput>>({});
  const [preview, setPreview] = useState<RolloverPreview | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState<"load" | "preview" | "apply" | "undo" | null>("load");
  const [progress, setProgress] = useState<RolloverRunJson | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);

  const fail = useCallback(
    (err: unknown, fallback: string) => {
      if (onAuthFailure(err)) return;
      toast.error(failureText(err, t(fallback), t("rollover.network")));
    },
    [failureText, onAuthFailure, t],
  );

  const load = useCallback(async () => {
    setBusy("load");
    try {
      const s = await getStatus();
      setStatus(s);
      setToYear((y) => y || s.next_year || "");
    } catch (err) {
      fail(err, "rollover.loadFailed");
    } finally {
      setBusy(null);
    }
  }, [fail]);

  useEffect(() => {
    void load();
    return () => {
      if (polling.current) clearInterval(polling.current);
    };
  }, [load]);

  const body = useCallback(
    () => ({
      to_year: toYear.trim() || undefined,
      rule: rule.on ? { max_failed: rule.maxFailed, pass_mark_percent: rule.passMark } : null,
      exceptions: Object.values(exceptions),
    }),
    [toYear, rule, exceptions],
  );

  const runPreview = useCallback(async () => {
    setBusy("preview");
    try {
      setPreview(await dryRun(body()));
      setStale(false);
    } catch (err) {
      fail(err, "rollover.previewFailed");
    } finally {
      setBusy(null);
    }
  }, [body, fail]);

  const touch = () => setStale(true);
  const setException = (studentNo: string, value: Omit<RolloverExceptionInput, "student_no"> | null) => {
    setExceptions((all) => {
      const next = { ...all };
      if (value) next[studentNo] = { student_no: studentNo, ...value };
      else delete next[studentNo];
      return next;
    });
    touch();
  };
  const addExceptions = (list: RolloverExceptionInput[]) => {
    setExceptions((all) =>
      Object.fromEntries([...Object.entries(all), ...list.map((e) => [e.student_no, e] as const)]),
    );
    touch();
  };

  const apply = useCallback(async () => {
    setBusy("apply");
    setProgress(null);
    polling.current = setInterval(() => {
      getStatus()
        .then((s) => s.run && setProgress(s.run))
        .catch(() => {});
    }, 1000);
    try {
      const run = await applyRun(body());
      setStatus((s) => (s ? { ...s, run } : s));
      setProgress(run);
      toast.success(t("rollover.applied"));
    } catch (err) {
      fail(err, "rollover.applyFailed");
      void load();
    } finally {
      if (polling.current) clearInterval(polling.current);
      polling.current = null;
      setBusy(null);
    }
  }, [body, fail, load, t]);

  const undo = useCallback(async () => {
    const run = status?.run;
    if (!run) return;
    setBusy("undo");
    try {
      await undoRun(run.id);
      toast.success(t("rollover.undone"));
      setPreview(null);
      setProgress(null);
      await load();
    } catch (err) {
      fail(err, "rollover.undoFailed");
      void load();
    } finally {
      setBusy(null);
    }
  }, [fail, load, status, t]);

  return {
    status,
    toYear,
    setToYear: (y: string) => {
      setToYear(y);
      touch();
    },
    rule,
    setRule: (r: RuleChoice) => {
      setRule(r);
      touch();
    },
    exceptions,
    setException,
    addExceptions,
    clearExceptions: () => {
      setExceptions({});
      touch();
    },
    preview,
    stale,
    busy,
    progress,
    runPreview,
    apply,
    undo,
    reload: load,
  };
}

export type RolloverState = ReturnType<typeof useRollover>;
