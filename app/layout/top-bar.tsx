import { Link } from "react-router";
import { MailIcon, PhoneIcon } from "#app/ui/icons.tsx";

export function TopBar({ phone, email }: { phone: string; email: string }) {
  return (
    <div className="bg-brand-900 text-xs text-brand-50">
      {/* Styled from app.css (.top-bar): on every page (decision 0082). */}
      <div className="top-bar">
        <Link to="/atendimento">
          <PhoneIcon width={14} height={14} />
          <span>{phone}</span>
        </Link>
        {/* The same route as the link before it: React Router learns it once (decision 0082). */}
        <Link to="/atendimento" discover="none">
          <MailIcon width={14} height={14} />
          <span>{email}</span>
        </Link>
      </div>
    </div>
  );
}
