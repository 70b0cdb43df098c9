import { Link } from "react-router";
import { MailIcon, PhoneIcon } from "#app/ui/icons.tsx";

export function TopBar({ phone, email }: { phone: string; email: string }) {
  return (
    <div className="bg-brand-900 text-xs text-brand-50">
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-6 px-4 py-1.5 hd:justify-end">
        <Link to="/atendimento" className="flex items-center gap-1.5 hover:underline">
          <PhoneIcon width={14} height={14} />
          <span>{phone}</span>
        </Link>
        <Link to="/atendimento" className="flex items-center gap-1.5 hover:underline">
          <MailIcon width={14} height={14} />
          <span>{email}</span>
        </Link>
      </div>
    </div>
  );
}
