/**
 * The Close the year wizard's state (docs/product.md#the-year-end-rollover): the closing year (default the current
 * one; choosing another reloads its status and the next year follows it), the status, the next year, the S2 rule,
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
  const [fromYear, setFromYear] = useState("");
  const [toYear, setToYear] = useState("");
  const [rule, setRule] = useState<RuleChoice>({ on: false, maxFailed: 2, passMark: DEFAULT_PASS_MARK_PERCENT });
  const [exceptions, setExceptions] = useState<Record<string, RolloverExceptionInput>>({});
  const [preview, setPreview] = useState<RolloverPreview | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState<"load" | "preview" | "apply" | "undo" | null>("load");
  const [progress, setProgress] = useState<RolloverRunJson | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  // The latest status asked for: an earlier answer (another closing year) arriving late is dropped.
  const loads = useRef(0);

  const fail = useCallback(
    (err: unknown, fallback: string) => {
      if (onAuthFailure(err)) return;
      toast.error(failureText(err, t(fallback), t("rollover.network")));
    },
    [failureText, onAuthFailure, t],
  );

  /** Loads the status of `from` (none: the default closing year); `follow` sets the next year to the one after it. */
  const load = useCallback(
    async (from?: string, follow = false) => {
      const mine = ++loads.current;
      setBusy("load");
      try {
        const s = await getStatus(from);
        if (mine !== loads.current) return;
        setStatus(s);
        setFromYear(s.current_year ?? "");
        setToYear((y) => (follow ? s.next_year || "" : y || s.next_year || ""));
      } catch (err) {
        if (mine === loads.current) fail(err, "rollover.loadFailed");
      } finally {
        if (mine === loads.current) setBusy(null);
      }
    },
    [fail],
  );

  useEffect(() => {
    void load();
    return () => {
      if (polling.current) clearInterval(polling.current);
    };
  }, [load]);

  const body = useCallback(
    () => ({
      from_year: fromYear || undefined,
      to_year: toYear.trim() || undefined,
      rule: rule.on ? { max_failed: rule.maxFailed, pass_mark_percent: rule.passMark } : null,
      exceptions: Object.values(exceptions),
    }),
    [fromYear, toYear, rule, exceptions],
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
      getStatus(fromYear || undefined)
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
      void load(fromYear || undefined);
    } finally {
      if (polling.current) clearInterval(polling.current);
      polling.current = null;
      setBusy(null);
    }
  }, [body, fail, fromYear, load, t]);

  const undo = useCallback(async () => {
    const run = status?.run;
    if (!run) return;
    setBusy("undo");
    try {
      await undoRun(run.id);
      toast.success(t("rollover.undone"));
      setPreview(null);
      setProgress(null);
      await load(fromYear || undefined);
    } catch (err) {
      fail(err, "rollover.undoFailed");
      void load(fromYear || undefined);
    } finally {
      setBusy(null);
    }
  }, [fail, fromYear, load, status, t]);

  /** Another closing year: its status, the year after it as the next year, no dry run yet. */
  const chooseFromYear = useCallback(
    (y: string) => {
      setFromYear(y);
      setPreview(null);
      setStale(false);
      setProgress(null);
      void load(y, true);
    },
    [load],
  );

  return {
    status,
    fromYear,
    chooseFromYear,
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
    reload: () => load(fromYear || undefined),
  };
}

export type RolloverState = ReturnType<typeof useRollover>;
