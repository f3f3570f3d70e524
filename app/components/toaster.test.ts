import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, subscribeToToasts, toast, TOAST_REMOVE_DELAY_MS } from "./toaster";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("shows a toast with its title, description, variant and action", () => {
    const onSelect = vi.fn();
    const { id } = toast({
      title: "Payment failed",
      description: "Declined",
      variant: "destructive",
      action: { label: "Retry", altText: "Retry the payment", onSelect },
    });
    expect(getToasts()).toEqual([
      { id, open: true, title: "Payment failed", description: "Declined", variant: "destructive", action: { label: "Retry", altText: "Retry the payment", onSelect } },
    ]);
  });

  it("keeps at most one toast: a new one replaces the previous", () => {
    const first = toast({ title: "First" });
    const second = toast({ title: "Second" });
    expect(second.id).not.toBe(first.id);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id: second.id, title: "Second", open: true });
  });

  it("a replaced toast's pending removal does not remove its successor", () => {
    const first = toast({ title: "First" });
    first.dismiss();
    const second = toast({ title: "Second" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS * 2);
    expect(getToasts()).toEqual([expect.objectContaining({ id: second.id, open: true })]);
  });

  it("dismissing closes the toast at once and removes it after its leave animation", () => {
    const { id, dismiss } = toast({ title: "Saved" });
    dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toEqual([]);
  });

  it("updates a toast in place", () => {
    const { id, update } = toast({ title: "Checking payment" });
    update({ title: "Payment Successful!" });
    expect(getToasts()).toEqual([expect.objectContaining({ id, title: "Payment Successful!", open: true })]);
  });

  it("notifies subscribers of every change until they unsubscribe", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    toast({ title: "One" });
    dismissToast();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toast({ title: "Two" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
