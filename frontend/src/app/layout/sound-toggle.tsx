import { VolumeOffIcon, VolumeOnIcon } from "@/components/ui/icons";
import { useSoundStore } from "@/features/sound";

export function SoundToggle() {
  const enabled = useSoundStore((state) => state.enabled);
  const toggleEnabled = useSoundStore((state) => state.toggleEnabled);
  return (
    <button
      type="button"
      aria-pressed={enabled}
      aria-label={enabled ? "Mute sound" : "Unmute sound"}
      title={enabled ? "Sound on" : "Sound off"}
      onClick={toggleEnabled}
      className="grid size-10 place-items-center rounded-xl border border-white/10 bg-white/5 text-slate-100 transition hover:border-cyan/60 hover:bg-white/10"
    >
      {enabled ? <VolumeOnIcon /> : <VolumeOffIcon className="size-5 text-slate-400" />}
    </button>
  );
}
