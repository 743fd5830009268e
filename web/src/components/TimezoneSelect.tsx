export const guessTimezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

function zones(current: string): string[] {
  const all: string[] = (Intl as any).supportedValuesOf?.("timeZone") ?? [];
  const list = all.length ? all : ["UTC", "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Europe/London", "Europe/Paris"];
  return list.includes(current) ? list : [current, ...list];
}

export function TimezoneSelect({ id, value, onChange }: { id: string; value: string; onChange: (tz: string) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {zones(value).map((z) => (
        <option key={z} value={z}>
          {z.replace(/_/g, " ")}
        </option>
      ))}
    </select>
  );
}
